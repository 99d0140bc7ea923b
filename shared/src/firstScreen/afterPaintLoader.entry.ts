// The entry webpack builds into the inline after-paint loader (shared/build/afterPaintLoader.cjs): it runs the loader
// on the page it is in.
import { startAfterPaintLoader } from './afterPaintLoader';

startAfterPaintLoader(window, document);
