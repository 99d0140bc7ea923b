/** /interactive-maps: the header only, as the spec has it (the map itself is not part of the site yet). */
import { PageHero, usePageMeta } from '@gta/shared';

export default function InteractiveMapsPage() {
  usePageMeta({
    title: 'Interactive Maps',
    description: 'Explore Oakville, Mississauga, Burlington and the Greater Toronto Area on our interactive property maps.',
  });
  return <PageHero eyebrow="Explore" title="Interactive Maps" subtitle="Explore the communities we serve, street by street." />;
}
