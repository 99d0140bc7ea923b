/**
 * chat/createChat: mounts the n8n-protocol chat widget into options.target (default '#n8n-chat'), creating the
 * element when it is missing, and returns { unmount }.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { ChatMountOptions, ChatOptions, CreateChat } from '@gta/shared';
import { ChatWidget } from '../chat/ChatWidget';
import { resolveOptions } from '../chat/options';

function resolveTarget(target: string | Element): { element: Element; created: boolean } {
  if (typeof target !== 'string') return { element: target, created: false };
  const found = document.querySelector(target);
  if (found) return { element: found, created: false };
  const element = document.createElement('div');
  const id = /^#([\w-]+)$/.exec(target)?.[1];
  if (id) element.id = id;
  else element.setAttribute('data-chat-target', target);
  document.body.appendChild(element);
  return { element, created: true };
}

const createChat: CreateChat = (options: ChatOptions, mount: ChatMountOptions = {}) => {
  const resolved = resolveOptions(options);
  const { element, created } = resolveTarget(resolved.target);
  const root = createRoot(element);
  const initiallyOpen = mount.open === true;
  let openRequests = 0;
  const draw = () => root.render(createElement(ChatWidget, { options: resolved, initiallyOpen, focusOnStart: initiallyOpen, openRequests }));
  draw();
  let mounted = true;
  return {
    open: () => {
      if (!mounted) return;
      openRequests += 1;
      draw();
    },
    unmount: () => {
      if (!mounted) return;
      mounted = false;
      root.unmount();
      if (created) element.remove();
    },
  };
};

export default createChat;
