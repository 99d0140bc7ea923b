/**
 * The input area: growing textarea (max 480 px), attach button (only when uploads are allowed), chosen files
 * (listed, removable, previewable), send button. Enter sends, Shift+Enter adds a line; arrow up/down emit the
 * input-history event on the site bus and do not move the cursor.
 */
import { forwardRef, useCallback, useEffect, useId, useImperativeHandle, useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import { emit, visuallyHidden } from '@gta/shared';
import { AttachIcon, CloseIcon, FileIcon, SendIcon } from './icons';
import { addFiles, previewFile, removeFile } from './files';
import { fileChips, iconButton, inputRow, sendButton, textarea } from './styles';

export const TEXTAREA_MAX_HEIGHT = 480;

interface Props {
  value: string;
  onChange: (value: string) => void;
  files: File[];
  onFilesChange: (files: File[]) => void;
  onSend: () => void;
  placeholder: string;
  /** A reply is pending: send, input and attach are disabled. */
  waiting: boolean;
  /** The widget is disabled (option), or history is loading. */
  disabled: boolean;
  allowFileUploads: boolean;
  allowedFilesMimeTypes: string;
}

export interface ChatInputHandle {
  focus: () => void;
}

export const ChatInput = forwardRef<ChatInputHandle, Props>(function ChatInput(props, ref) {
  const { value, onChange, files, onFilesChange, onSend, placeholder, waiting, disabled, allowFileUploads, allowedFilesMimeTypes } = props;
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const inputId = useId();
  useImperativeHandle(ref, () => ({ focus: () => area.current?.focus() }), []);

  // grow with the text, up to 480 px, then scroll
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, TEXTAREA_MAX_HEIGHT)}px`;
  }, [value]);

  const inputDisabled = waiting || disabled;
  const sendDisabled = inputDisabled || value.trim() === '';

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
        event.preventDefault();
        if (!sendDisabled) onSend();
        return;
      }
      if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
        event.preventDefault();
        emit({ type: 'chat/input-history', version: 1, direction: event.key === 'ArrowUp' ? 'up' : 'down', value: event.currentTarget.value });
      }
    },
    [onSend, sendDisabled],
  );

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    if (picked.length > 0) onFilesChange(addFiles(files, picked, allowedFilesMimeTypes));
    event.target.value = ''; // the same file may be picked again after removal
  };

  return (
    <div>
      {allowFileUploads && files.length > 0 && (
        <ul css={fileChips} aria-label="Files to send">
          {files.map((file) => (
            <li key={file.name}>
              <FileIcon type={file.type} />
              <button type="button" className="name" onClick={() => previewFile(file)} title={`Preview ${file.name} in a new tab`}>
                {file.name}
              </button>
              <button
                type="button"
                css={iconButton}
                onClick={() => onFilesChange(removeFile(files, file.name))}
                aria-label={`Remove ${file.name}`}
                disabled={waiting}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div css={inputRow}>
        <label htmlFor={inputId} css={visuallyHidden}>
          Your message
        </label>
        <textarea
          id={inputId}
          ref={area}
          css={textarea}
          rows={1}
          value={value}
          placeholder={placeholder}
          disabled={inputDisabled}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {allowFileUploads && (
          <>
            <input
              ref={picker}
              type="file"
              multiple
              accept={allowedFilesMimeTypes || undefined}
              onChange={onPick}
              css={visuallyHidden}
              tabIndex={-1}
              aria-hidden="true"
              data-testid="chat-file-input"
            />
            <button
              type="button"
              css={[iconButton, { width: 44, height: 44 }]}
              onClick={() => picker.current?.click()}
              disabled={inputDisabled}
              aria-label="Attach files"
            >
              <AttachIcon />
            </button>
          </>
        )}
        <button type="button" css={sendButton} onClick={onSend} disabled={sendDisabled} aria-label="Send message">
          <SendIcon />
        </button>
      </div>
    </div>
  );
});
