/**
 * A chat lead's conversation in the table: the start of it, and a "Read conversation" button that opens the whole
 * transcript in a dialog (focus moves in and back, Tab stays inside, Escape closes; shared Dialog). The visitor typed
 * this text: it is rendered as text nodes only, so markup in it shows as written and never runs.
 */
import { useState } from 'react';
import { Dialog, theme } from '@gta/shared';
import { transcriptTurns } from './submissions';

export interface ConversationCellProps {
  transcript: string;
  /** Whose conversation (the lead's name), for the button's accessible name and the dialog's title. */
  who: string;
  /** When the lead arrived, as shown in the table. */
  received: string;
}

const PREVIEW_CHARS = 90;

export function ConversationCell({ transcript, who, received }: ConversationCellProps) {
  const [open, setOpen] = useState(false);
  const turns = transcriptTurns(transcript);
  const firstLine = transcript.replace(/\s+/g, ' ').trim();
  const preview = firstLine.length > PREVIEW_CHARS ? `${firstLine.slice(0, PREVIEW_CHARS).trimEnd()}…` : firstLine;
  const name = who || 'the visitor';
  return (
    <>
      <span css={{ display: 'block', color: theme.color.inkSoft }}>{preview}</span>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`Read the conversation with ${name}`}
        css={{
          marginTop: theme.space.xs,
          minHeight: 32,
          padding: '0.2rem 0',
          border: 0,
          background: 'transparent',
          font: 'inherit',
          fontWeight: 600,
          color: theme.color.bronze,
          textDecoration: 'underline',
          textUnderlineOffset: 3,
          cursor: 'pointer',
          '&:hover': { color: theme.color.ink },
          '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 2 },
        }}
      >
        Read conversation
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Conversation with ${name}`} subtitle={received} maxWidth={720}>
        <ol data-testid="conversation" css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space.md }}>
          {turns.map((turn, i) => (
            <li
              key={i}
              css={{
                padding: `${theme.space.sm} ${theme.space.md}`,
                borderLeft: `3px solid ${turn.speaker === 'Visitor' ? theme.color.bronze : theme.color.stone}`,
                background: turn.speaker === 'Visitor' ? theme.color.ivory : 'transparent',
              }}
            >
              {turn.speaker ? (
                <strong css={{ display: 'block', fontSize: theme.fontSize.xs, letterSpacing: '0.08em', textTransform: 'uppercase', color: theme.color.muted }}>
                  {turn.speaker}
                </strong>
              ) : null}
              <p css={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{turn.text}</p>
            </li>
          ))}
        </ol>
      </Dialog>
    </>
  );
}
