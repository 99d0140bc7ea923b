/**
 * The widget's look: the site theme's tokens, exposed as n8n-style CSS variables so the `theme` option can
 * override them ('--chat--color-primary' and friends).
 */
import { css, keyframes } from '@emotion/react';
import { mq, theme } from '@gta/shared';

const v = (name: string, fallback: string) => `var(--chat--${name}, ${fallback})`;

export const color = {
  primary: v('color-primary', theme.color.ink),
  accent: v('color-accent', theme.color.gold),
  accentOnLight: v('color-accent-light', theme.color.bronze),
  surface: v('color-surface', theme.color.ivory),
  bubbleBot: v('message--bot--background', theme.color.paper),
  bubbleBotText: v('message--bot--color', theme.color.ink),
  bubbleUser: v('message--user--background', theme.color.ink),
  bubbleUserText: v('message--user--color', theme.color.ivory),
  headerBg: v('header--background', theme.color.ink),
  headerText: v('header--color', theme.color.ivory),
  line: v('color-line', theme.color.stone),
  muted: theme.color.muted,
  danger: theme.color.danger,
};

export const Z = theme.layer.chat;

export const focusRing = {
  '&:focus-visible': { outline: `3px solid ${theme.color.focus}`, outlineOffset: 2 },
};

export const iconButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  padding: 0,
  border: 0,
  borderRadius: theme.radius.pill,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  transition: `background ${theme.motion.fast}`,
  '&:hover:not(:disabled)': { background: 'rgba(200,171,120,0.16)' },
  '&:disabled': { opacity: 0.45, cursor: 'not-allowed' },
  ...focusRing,
});

/** The button's corner: its offset plus the device's safe area (a notch, the home indicator; the page has viewport-fit=cover). */
const corner = (side: 'right' | 'bottom', offset: number) => `calc(${offset}px + env(safe-area-inset-${side}, 0px))`;

/**
 * The launcher's place and size (the shell's chat.ts draws the same before this loads): 60 px, 24 px from the
 * corner; on phones 52 px, 16 px, and out of the way while the page scrolls (the shell marks html with
 * gta-chat-scrolling), so it never sits on the photo count of the cards passing under it.
 */
export const toggleButton = css({
  position: 'fixed',
  right: corner('right', 24),
  bottom: corner('bottom', 24),
  zIndex: Z,
  width: 60,
  height: 60,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: `1px solid ${theme.color.gold}`,
  borderRadius: theme.radius.pill,
  background: color.primary,
  color: color.accent,
  boxShadow: theme.shadow.lifted,
  cursor: 'pointer',
  transition: `transform ${theme.motion.base} ${theme.motion.ease}, opacity ${theme.motion.base}, background ${theme.motion.fast}`,
  '&:hover': { transform: 'translateY(-2px)', background: theme.color.inkSoft },
  ...focusRing,
  '@media (max-width: 767.98px)': {
    width: 52,
    height: 52,
    right: corner('right', 16),
    bottom: corner('bottom', 16),
    'html.gta-chat-scrolling &:not(:focus-visible):not([aria-expanded="true"])': {
      transform: `translateY(calc(100% + ${corner('bottom', 16)}))`,
      opacity: 0,
      pointerEvents: 'none',
    },
  },
  [mq.reducedMotion]: { transition: 'none', '&:hover': { transform: 'none' } },
});

const rise = keyframes({ from: { opacity: 0, transform: 'translateY(12px)' }, to: { opacity: 1, transform: 'none' } });

export const windowFrame = css({
  position: 'fixed',
  zIndex: Z,
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  background: color.surface,
  color: theme.color.ink,
  fontFamily: theme.font.body,
  overflow: 'hidden',
  animation: `${rise} ${theme.motion.base} ${theme.motion.ease}`,
  [mq.md]: {
    inset: 'auto',
    right: 24,
    bottom: 100,
    width: 400,
    height: 'min(640px, calc(100vh - 140px))',
    borderRadius: theme.radius.lg,
    border: `1px solid ${theme.color.stone}`,
    boxShadow: theme.shadow.lifted,
  },
  [mq.reducedMotion]: { animation: 'none' },
});

export const fullscreenFrame = css({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  height: '100%',
  minHeight: 420,
  background: color.surface,
  color: theme.color.ink,
  fontFamily: theme.font.body,
});

export const header = css({
  flex: '0 0 auto',
  display: 'flex',
  alignItems: 'flex-start',
  gap: theme.space.sm,
  padding: `${theme.space.md} ${theme.space.md} ${theme.space.md} ${theme.space.lg}`,
  background: color.headerBg,
  color: color.headerText,
  borderBottom: `1px solid ${theme.color.gold}`,
  h2: {
    fontFamily: theme.font.display,
    fontSize: '1.6rem',
    fontWeight: 500,
    lineHeight: 1.15,
    margin: 0,
    color: theme.color.ivory,
  },
  p: { margin: `${theme.space.xs} 0 0`, fontSize: theme.fontSize.sm, lineHeight: 1.45, color: theme.color.mutedOnDark },
});

export const body = css({
  flex: '1 1 auto',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: `${theme.space.lg} ${theme.space.md}`,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.space.sm,
});

export const bubble = (sender: 'user' | 'bot', transparent?: boolean) =>
  css({
    maxWidth: '86%',
    alignSelf: sender === 'user' ? 'flex-end' : 'flex-start',
    padding: transparent ? 0 : '0.7rem 1rem',
    borderRadius: sender === 'user' ? '14px 14px 2px 14px' : '14px 14px 14px 2px',
    background: transparent ? 'transparent' : sender === 'user' ? color.bubbleUser : color.bubbleBot,
    color: sender === 'user' ? color.bubbleUserText : color.bubbleBotText,
    border: sender === 'bot' && !transparent ? `1px solid ${theme.color.stone}` : 0,
    fontSize: '0.95rem',
    lineHeight: 1.55,
    overflowWrap: 'anywhere',
    whiteSpace: sender === 'user' ? 'pre-wrap' : undefined,
    '& > :first-of-type': { marginTop: 0 },
    '& > :last-child': { marginBottom: 0 },
    '& p:last-child, & ul:last-child, & ol:last-child, & pre:last-child': { marginBottom: 0 },
    p: { margin: '0 0 0.6em' },
    'ul, ol': { margin: '0 0 0.6em', paddingLeft: '1.2em' },
    li: { margin: '0.2em 0' },
    a: { color: sender === 'user' ? theme.color.gold : color.accentOnLight, fontWeight: 500, textUnderlineOffset: 2 },
    'a:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 1 },
    code: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.85em' },
    ':not(pre) > code': { background: theme.color.ivory, padding: '0.1em 0.3em', borderRadius: theme.radius.sm },
    pre: { margin: '0 0 0.6em', padding: '0.75rem', overflowX: 'auto', background: theme.color.ink, color: theme.color.ivory, borderRadius: theme.radius.md },
    // highlight.js colours, tuned for the dark code block
    '.hljs-keyword, .hljs-selector-tag, .hljs-built_in': { color: theme.color.gold },
    '.hljs-string, .hljs-attr, .hljs-attribute': { color: '#a8d5a2' },
    '.hljs-comment': { color: theme.color.mutedOnDark, fontStyle: 'italic' },
    '.hljs-number, .hljs-literal': { color: '#f2b48c' },
    '.hljs-title, .hljs-name, .hljs-tag': { color: '#9cc4f2' },
  });

const blink = keyframes({ '0%, 80%, 100%': { opacity: 0.25 }, '40%': { opacity: 1 } });

export const typing = css({
  alignSelf: 'flex-start',
  display: 'inline-flex',
  gap: 5,
  padding: '0.85rem 1rem',
  background: color.bubbleBot,
  border: `1px solid ${theme.color.stone}`,
  borderRadius: '14px 14px 14px 2px',
  span: { width: 7, height: 7, borderRadius: '50%', background: theme.color.bronze, animation: `${blink} 1.2s infinite ease-in-out` },
  'span:nth-of-type(2)': { animationDelay: '0.15s' },
  'span:nth-of-type(3)': { animationDelay: '0.3s' },
  [mq.reducedMotion]: { span: { animation: 'none', opacity: 0.7 } },
});

export const thinkingRow = css({ alignSelf: 'flex-start', display: 'flex', alignItems: 'center', gap: theme.space.sm, flexWrap: 'wrap' });

export const thinkingNote = css({ margin: 0, color: theme.color.inkSoft, fontSize: theme.fontSize.sm });

/** A failure the service reported while answering: its own bubble, after the partial reply, in the error colours. */
export const errorBubble = css({ border: `1px solid ${theme.color.danger}`, background: '#fbeeee', color: theme.color.danger });

export const errorBox = css({
  alignSelf: 'stretch',
  display: 'flex',
  alignItems: 'center',
  gap: theme.space.sm,
  flexWrap: 'wrap',
  padding: '0.7rem 0.9rem',
  border: `1px solid ${theme.color.danger}`,
  borderRadius: theme.radius.md,
  background: '#fbeeee',
  color: theme.color.danger,
  fontSize: theme.fontSize.sm,
  p: { margin: 0, flex: '1 1 180px' },
});

export const textButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  minHeight: 36,
  padding: '0.35rem 0.9rem',
  border: `1px solid currentColor`,
  borderRadius: theme.radius.sm,
  background: 'transparent',
  color: 'inherit',
  fontSize: theme.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  cursor: 'pointer',
  ...focusRing,
});

export const footerArea = css({
  flex: '0 0 auto',
  borderTop: `1px solid ${theme.color.stone}`,
  background: theme.color.paper,
  padding: theme.space.sm,
});

export const inputRow = css({ display: 'flex', alignItems: 'flex-end', gap: theme.space.xs });

export const textarea = css({
  flex: '1 1 auto',
  minHeight: 44,
  maxHeight: 480,
  resize: 'none',
  padding: '0.65rem 0.75rem',
  border: `1px solid ${theme.color.stone}`,
  borderRadius: theme.radius.md,
  background: theme.color.paper,
  color: theme.color.ink,
  fontSize: '0.95rem',
  lineHeight: 1.5,
  overflowY: 'auto',
  '&::placeholder': { color: theme.color.muted },
  '&:focus': { outline: 'none', borderColor: theme.color.bronze, boxShadow: `0 0 0 2px rgba(122,92,46,0.25)` },
  '&:disabled': { background: theme.color.ivory, cursor: 'not-allowed' },
});

export const sendButton = css(iconButton, {
  width: 44,
  height: 44,
  borderRadius: theme.radius.md,
  background: color.primary,
  color: color.accent,
  '&:hover:not(:disabled)': { background: theme.color.inkSoft },
});

export const fileChips = css({
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.space.xs,
  margin: `0 0 ${theme.space.xs}`,
  padding: 0,
  li: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 4,
    maxWidth: '100%',
    padding: '2px 4px 2px 8px',
    border: `1px solid ${theme.color.stone}`,
    borderRadius: theme.radius.pill,
    fontSize: theme.fontSize.xs,
    background: theme.color.ivory,
  },
  'li button': { width: 28, height: 28 },
  '.name': {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    maxWidth: 160,
    background: 'none',
    border: 0,
    padding: 0,
    cursor: 'pointer',
    textDecoration: 'underline',
    textUnderlineOffset: 2,
    color: theme.color.ink,
    fontSize: theme.fontSize.xs,
  },
});

export const footerNote = css({ margin: `${theme.space.xs} 0 0`, textAlign: 'center', fontSize: theme.fontSize.xs, color: theme.color.muted });

/** 'About Lakeshore Manor': the listing the conversation is about ('Ask about this home'), above the input. */
export const contextNote = css({
  margin: `0 0 ${theme.space.xs}`,
  fontSize: theme.fontSize.xs,
  color: theme.color.muted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '& strong': { color: theme.color.ink, fontWeight: 600 },
});
