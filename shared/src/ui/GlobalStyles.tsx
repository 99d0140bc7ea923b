import { Global, css } from '@emotion/react';
import { preload } from 'react-dom';
import displayMedium from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2';
import displaySemibold from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2';
import bodyRegular from '@fontsource/inter/files/inter-latin-400-normal.woff2';
import bodyMedium from '@fontsource/inter/files/inter-latin-500-normal.woff2';
import bodySemibold from '@fontsource/inter/files/inter-latin-600-normal.woff2';
import { theme } from './theme';
import { hasServerGlobalStyles } from '@gta/shared/contract';

const face = (family: string, weight: number, url: string) => css`
  @font-face {
    font-family: '${family}';
    font-style: normal;
    font-weight: ${weight};
    font-display: swap;
    src: url(${url}) format('woff2');
  }
`;

/**
 * Local faces sized to the web fonts' metrics (measured in Chromium against the same text: the width, ascent and
 * descent of Inter 400 and Cormorant Garamond 500), listed after them in theme.font. Until a web font arrives the
 * text is set in one of these, taking the same room, so the swap moves nothing (layout shift 0.067 on
 * /mortgage-calculator under a slow network before). Arial, Helvetica and Liberation Sans share their widths.
 */
interface FallbackMetrics {
  sizeAdjust: string;
  ascent: string;
  descent: string;
}

const fallbackFace = (family: string, weights: string, locals: readonly string[], m: FallbackMetrics) => css`
  @font-face {
    font-family: '${family}';
    font-weight: ${weights};
    src: ${locals.map((name) => `local('${name}')`).join(', ')};
    size-adjust: ${m.sizeAdjust};
    ascent-override: ${m.ascent};
    descent-override: ${m.descent};
    line-gap-override: 0%;
  }
`;

// size-adjust: the fallback's text is as wide as Inter's on the median of 137 body-text paragraphs of seven pages
// (107.04% made it 0.4% wider, enough for one line of /mortgage-calculator's introduction to break elsewhere
// when Inter arrived: layout shift 0.036 at 390 px with the fonts 1.5 s late, now under 0.004 on ten pages)
const INTER_ON_ARIAL: FallbackMetrics = { sizeAdjust: '106.6%', ascent: '90.5%', descent: '22.6%' };

const fallbackFaces = [
  fallbackFace('Inter Fallback', '100 500', ['Arial', 'ArialMT', 'Helvetica', 'Liberation Sans'], INTER_ON_ARIAL),
  fallbackFace('Inter Fallback', '600 900', ['Arial Bold', 'Arial-BoldMT', 'Helvetica Bold', 'Liberation Sans Bold'], INTER_ON_ARIAL),
  fallbackFace('Cormorant Garamond Fallback', '100 900', ['DejaVu Serif'], { sizeAdjust: '75.79%', ascent: '121.4%', descent: '38.3%' }),
];

/** Self-hosted fonts (no font CDN: the machines have no internet) and the base styles of every page. */
export function GlobalStyles() {
  // the two faces that set most of the first screen (headings, body text) are fetched with the page, so the
  // server-rendered text is drawn in them from the start instead of swapping later and moving the layout
  preload(displayMedium, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  preload(bodyRegular, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  // a server-rendered page has these in <head> already (serverStyles.ts): adding them again would restyle the page
  if (hasServerGlobalStyles()) return null;
  return (
    <Global
      styles={[
        face('Cormorant Garamond', 500, displayMedium),
        face('Cormorant Garamond', 600, displaySemibold),
        face('Inter', 400, bodyRegular),
        face('Inter', 500, bodyMedium),
        face('Inter', 600, bodySemibold),
        ...fallbackFaces,
        css`
          *,
          *::before,
          *::after {
            box-sizing: border-box;
          }
          html {
            -webkit-text-size-adjust: 100%;
            scroll-behavior: smooth;
          }
          @media (prefers-reduced-motion: reduce) {
            html {
              scroll-behavior: auto;
            }
            *,
            *::before,
            *::after {
              animation-duration: 0.01ms !important;
              transition-duration: 0.01ms !important;
            }
          }
          /* the fixed header covers the top of the window (its height, and a phone's status bar with viewport-fit=cover):
             a field focused after a failed submit, an anchor followed or anything scrolled into view stops below it */
          :where(*) {
            scroll-margin-top: calc(${theme.layout.navHeight} + env(safe-area-inset-top, 0px) + ${theme.space.md});
          }
          body {
            /* viewport-fit=cover: the content stays clear of a notch in landscape (the fixed header and chat button inset themselves) */
            padding-left: env(safe-area-inset-left, 0px);
            padding-right: env(safe-area-inset-right, 0px);
            margin: 0;
            background: ${theme.color.ivory};
            color: ${theme.color.ink};
            font-family: ${theme.font.body};
            font-size: 1rem;
            line-height: 1.65;
            -webkit-font-smoothing: antialiased;
            text-rendering: optimizeLegibility;
          }
          h1,
          h2,
          h3,
          h4 {
            font-family: ${theme.font.display};
            font-weight: 500;
            line-height: 1.12;
            letter-spacing: -0.01em;
            margin: 0 0 0.5em;
          }
          h1 {
            font-size: ${theme.fontSize.h1};
          }
          h2 {
            font-size: ${theme.fontSize.h2};
          }
          h3 {
            font-size: ${theme.fontSize.h3};
          }
          p {
            margin: 0 0 1em;
          }
          a {
            color: inherit;
          }
          img,
          svg,
          video {
            max-width: 100%;
            display: block;
          }
          img {
            height: auto;
          }
          button,
          input,
          select,
          textarea {
            font: inherit;
            color: inherit;
          }
          :focus-visible {
            outline: 2px solid ${theme.color.focus};
            outline-offset: 3px;
          }
          ::selection {
            background: ${theme.color.gold};
            color: ${theme.color.ink};
          }
        `,
      ]}
    />
  );
}
