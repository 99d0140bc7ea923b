/** /neighbourhood-guide: three cities, three neighbourhoods each. */
import { ButtonLink, Container, PageHero, Section, theme, mq, usePageMeta } from '@gta/shared';
import { SectionHeading } from '../components/layout';
import { Reveal } from '../components/Reveal';
import heroImage from '../assets/hero-2-lakeshore-morning.svg';

interface City {
  name: string;
  slug: string;
  intro: string;
  neighbourhoods: { name: string; text: string }[];
}

const CITIES: readonly City[] = [
  {
    name: 'Mississauga',
    slug: 'mississauga',
    intro: 'A city of distinct villages around a growing downtown, with the lake to the south and easy reach of Pearson and Toronto.',
    neighbourhoods: [
      {
        name: 'Port Credit',
        text: 'A lakeside village of marinas, cafés and tree-lined streets, where Victorian cottages sit beside new waterfront condominiums.',
      },
      { name: 'Lorne Park', text: 'Mature ravine lots, sought-after schools and generous custom homes in a quiet, wooded setting close to the water.' },
      { name: 'Mineola', text: 'Winding streets without sidewalks, towering trees and some of the most distinctive architect-designed homes in the city.' },
    ],
  },
  {
    name: 'Oakville',
    slug: 'oakville',
    intro: 'Elegant and leafy, with a historic downtown, a celebrated lakefront and some of the province’s finest schools.',
    neighbourhoods: [
      { name: 'Old Oakville', text: 'Heritage homes and lakefront estates steps from the boutiques and restaurants of downtown and the harbour.' },
      { name: 'Morrison', text: 'Large estate lots and stately homes on quiet streets, minutes from the lake and the private school corridor.' },
      { name: 'Glen Abbey', text: 'A family favourite built around the famous golf course, with trails, top-rated schools and spacious detached homes.' },
    ],
  },
  {
    name: 'Burlington',
    slug: 'burlington',
    intro: 'Between the lake and the Niagara Escarpment, Burlington pairs a lively waterfront with green space in every direction.',
    neighbourhoods: [
      { name: 'Roseland', text: 'Gracious homes on large, mature lots near the lake, among the most established addresses in the city.' },
      {
        name: 'Downtown Burlington',
        text: 'Spencer Smith Park, the pier and a walkable core of shops and dining, with condominiums and character homes alike.',
      },
      { name: 'Millcroft', text: 'Family homes arranged around a golf course, with parks, good schools and quick access to the highway.' },
    ],
  },
];

export default function NeighbourhoodGuidePage() {
  usePageMeta({
    title: 'Neighbourhood Guide',
    description: 'A guide to the best neighbourhoods of Mississauga, Oakville and Burlington: character, homes and lifestyle.',
  });
  return (
    <>
      <PageHero eyebrow="Buying" title="Neighbourhood Guide" subtitle="Three cities, nine communities we know from the inside." image={heroImage} />
      {CITIES.map((city, n) => (
        <Section key={city.slug} tone={n % 2 ? 'paper' : 'light'} aria-labelledby={`city-${city.slug}`}>
          <Container>
            <SectionHeading align="left" id={`city-${city.slug}`} eyebrow={`City ${n + 1} of ${CITIES.length}`} title={city.name} lead={city.intro} />
            <ul
              css={{
                listStyle: 'none',
                padding: 0,
                margin: `0 0 ${theme.space.xl}`,
                display: 'grid',
                gap: theme.space.lg,
                [mq.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
              }}
            >
              {city.neighbourhoods.map((hood, i) => (
                <Reveal
                  as="li"
                  key={hood.name}
                  delay={i * 80}
                  css={{ padding: theme.space.lg, borderTop: `2px solid ${theme.color.bronze}`, background: n % 2 ? theme.color.ivory : theme.color.paper }}
                >
                  <h3 css={{ fontSize: theme.fontSize.xl }}>{hood.name}</h3>
                  <p css={{ margin: 0, color: theme.color.muted }}>{hood.text}</p>
                </Reveal>
              ))}
            </ul>
            <ButtonLink to={`/listings/${city.slug}`} variant="outline">
              Homes in {city.name}
            </ButtonLink>
          </Container>
        </Section>
      ))}
    </>
  );
}
