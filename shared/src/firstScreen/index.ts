/**
 * The first-screen layer (docs/first-screen.md): everything that makes a page's first screen fast, in one place.
 * What a page uses:
 * - `useFirstScreenData(key, read, load)`: its data is sent with the server's HTML (firstScreenData.ts);
 * - `<HydrateWhenVisible>`: a part below the fold hydrates, and loads its modules, when seen (hydrateWhenVisible.tsx);
 * - `useValueTypedBeforeHydration` and its siblings: what a visitor typed before the app ran (typedBeforeHydration.ts).
 * What the shell's server render and start-up use: `renderWithFirstScreenData` (the server's passes and data
 * budget), `provideFirstScreenData`, the styles of the server's render (serverStyles.ts). The after-paint loader
 * (afterPaintLoader.ts) is built on its own into the script the server inlines; it is not exported here.
 */
export * from './firstScreenData';
export * from './serverStyles';
export * from './hydrateWhenVisible';
export * from './typedBeforeHydration';
