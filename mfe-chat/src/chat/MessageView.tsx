/** One message: the visitor's as plain text (with its files), the bot's as sanitised markdown once the renderer is loaded. */
import { memo } from 'react';
import type { ChatMessage } from './api';
import type { RenderMarkdown } from './markdown';
import { FileIcon } from './icons';
import { visuallyHidden } from '@gta/shared';
import { bubble, errorBubble } from './styles';

interface Props {
  message: ChatMessage;
  render: RenderMarkdown | null;
}

export const MessageView = memo(function MessageView({ message, render }: Props) {
  const who = message.sender === 'user' ? 'You' : 'Assistant';
  if (message.error) {
    // plain text, never markdown: the service's words about its own failure
    return (
      <div css={[bubble('bot'), errorBubble]} data-sender="bot" data-error="true" className="chat-message chat-message-from-bot chat-message-error">
        <span css={visuallyHidden}>Error: </span>
        <span css={{ whiteSpace: 'pre-wrap' }}>{message.text}</span>
      </div>
    );
  }
  if (message.sender === 'bot' && render) {
    return (
      <div css={bubble('bot', message.transparent)} data-sender="bot" className="chat-message chat-message-from-bot">
        <span css={visuallyHidden}>{who}: </span>
        <div dangerouslySetInnerHTML={{ __html: render(message.text) }} />
      </div>
    );
  }
  return (
    <div css={bubble(message.sender, message.transparent)} data-sender={message.sender} className={`chat-message chat-message-from-${message.sender}`}>
      <span css={visuallyHidden}>{who}: </span>
      <span css={message.sender === 'bot' ? { whiteSpace: 'pre-wrap' } : undefined}>{message.text}</span>
      {message.files && message.files.length > 0 && (
        <ul aria-label="Attached files" css={{ listStyle: 'none', margin: '0.4em 0 0', padding: 0, fontSize: '0.8rem', opacity: 0.9 }}>
          {message.files.map((f) => (
            <li key={f.name} css={{ display: 'flex', alignItems: 'center', gap: 6 }}>
              <FileIcon type={f.type} />
              {f.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
