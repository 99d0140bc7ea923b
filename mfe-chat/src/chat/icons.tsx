/** Inline icons (decorative: every button that holds one also has a text label). */
const base = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export const ChatIcon = () => (
  <svg {...base} width={26} height={26}>
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A2.5 2.5 0 0 1 3 13.5" />
    <path d="M8 8.5h8M8 11.5h5" />
  </svg>
);
export const CloseIcon = () => (
  <svg {...base}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
export const ChevronDownIcon = () => (
  <svg {...base} width={26} height={26}>
    <path d="M6 9l6 6 6-6" />
  </svg>
);
export const SendIcon = () => (
  <svg {...base}>
    <path d="M4 12l16-8-6 16-2.5-6.5z" />
    <path d="M11.5 13.5L20 4" />
  </svg>
);
export const AttachIcon = () => (
  <svg {...base}>
    <path d="M20 11.5l-7.8 7.8a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
  </svg>
);
export const RefreshIcon = () => (
  <svg {...base}>
    <path d="M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5" />
  </svg>
);
export const NewChatIcon = () => (
  <svg {...base}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);

/** File icons by MIME top-level type (spec section 3): document (default), audio, image, video. */
export type FileKind = 'document' | 'audio' | 'image' | 'video';
export function fileKind(type: string): FileKind {
  const top = type.split('/')[0];
  return top === 'audio' || top === 'image' || top === 'video' ? top : 'document';
}
export const FileIcon = ({ type }: { type: string }) => {
  const kind = fileKind(type);
  return (
    <svg {...base} width={16} height={16} data-file-kind={kind}>
      {kind === 'image' && <path d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01" />}
      {kind === 'audio' && <path d="M9 18V6l11-2v12M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3zM20 16a3 3 0 1 1-3-3 3 3 0 0 1 3 3z" />}
      {kind === 'video' && <path d="M3 6h13v12H3zM16 10l5-3v10l-5-3" />}
      {kind === 'document' && <path d="M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6" />}
    </svg>
  );
};
