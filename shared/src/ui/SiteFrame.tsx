/** The site frame: the theme and the global styles. The shell and every harness wrap their pages in it. */
import type { ReactNode } from 'react';
import { ThemeProvider } from '@emotion/react';
import { GlobalStyles } from './GlobalStyles';
import { theme } from './theme';

export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      {children}
    </ThemeProvider>
  );
}
