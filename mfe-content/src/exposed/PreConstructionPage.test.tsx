import { screen } from '@testing-library/react';
import { siteProfile } from '@gta/shared/core';
import PreConstructionPage from './PreConstructionPage';
import AboutPage from './AboutPage';
import { renderAt } from '../test/render';

test('every deposit figure is complete: no operator left dangling ("5% ×")', () => {
  renderAt(<PreConstructionPage />);
  const figures = Array.from(document.querySelectorAll('dd')).map((dd) => dd.textContent?.trim() ?? '');
  expect(figures.length).toBeGreaterThan(0);
  for (const figure of figures) expect(figure).not.toMatch(/×\s*$/);
  expect(screen.getByText('4 × 5%')).toBeInTheDocument();
});

test("the About page names the team lead in a natural sentence, with no 'placeholder' in visible text", () => {
  renderAt(<AboutPage />);
  expect(document.body.textContent).not.toMatch(/placeholder/i);
  expect(document.body.textContent).toContain(`${siteProfile.agent.name}, ${siteProfile.agent.designation}, leads the team`);
});
