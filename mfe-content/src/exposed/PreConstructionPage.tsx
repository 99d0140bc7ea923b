/** /pre-construction: the pre-construction condo guide, with the figures of spec section 9. */
import { Link } from 'react-router-dom';
import { AgentCard, PageHero, usePageMeta } from '@gta/shared';
import { FigureRow, GuideArticle, TalkToUs } from '../components/layout';
import heroImage from '../assets/hero-4-city-night.svg';

export default function PreConstructionPage() {
  usePageMeta({
    title: 'Pre-Construction Condo Guide',
    description: 'How to evaluate pre-construction condominiums in Toronto and the GTA: deposits, developers, rents, vacancy and the projects worth owning.',
  });
  return (
    <>
      <PageHero
        eyebrow="Invest"
        title="Pre-Construction Condo Guide"
        subtitle="Buying before the first shovel can be rewarding. It rewards discipline more than enthusiasm."
        image={heroImage}
      />
      <GuideArticle
        aside={<AgentCard compact />}
        intro={
          <FigureRow
            figures={[
              { value: '$46M+', label: 'Capital raised by our principals for development projects' },
              { value: '$200M+', label: 'In developments our team has helped bring to market' },
              { value: '1 in 20', label: 'Projects we consider truly investment-worthy' },
            ]}
          />
        }
        chapters={[
          {
            id: 'why',
            title: 'Why pre-construction',
            body: (
              <>
                <p>
                  Buying from plans lets you secure today's price for a home that completes years from now, spread your deposit over time and choose a suite,
                  floor and finishes before anyone else. For end users it is a way into a new building; for investors, a way to build equity with modest capital
                  up front.
                </p>
                <p>
                  Demand has been deep: some 150,000 condominiums were sold across the region in three years, and prices have risen about 50% since 2020. Those
                  figures invite optimism, and they also explain why selection matters more than ever.
                </p>
              </>
            ),
          },
          {
            id: 'deposits',
            title: 'Deposits and financing',
            body: (
              <>
                <FigureRow
                  figures={[
                    { value: '5%', label: 'Minimum down payment for an owner-occupied home' },
                    { value: '4 × 5%', label: 'A typical deposit schedule: 5% at signing, then 5% at 30, 90 and 180 days' },
                    { value: '35%', label: 'Minimum deposit usually asked of international buyers' },
                  ]}
                />
                <p>
                  A common schedule asks for 5% on signing and a further 5% at 30, 90 and 180 days, often with a final instalment at occupancy. International
                  buyers are usually asked for at least 35%. The balance is financed at completion, so arrange a pre-approval early and revisit it as the
                  closing date draws near.
                </p>
              </>
            ),
          },
          {
            id: 'rental-market',
            title: 'The rental market',
            body: (
              <>
                <FigureRow
                  figures={[
                    { value: '$2,385', label: 'Average monthly rent downtown' },
                    { value: '<1%', label: 'Rental vacancy' },
                  ]}
                />
                <p>
                  Average downtown rents sit around $2,385 a month with vacancy under 1%, which supports carrying costs for well-located suites. Look closely at
                  the blocks around a site rather than the city average: transit, employment and universities drive demand suite by suite.
                </p>
              </>
            ),
          },
          {
            id: 'choosing',
            title: 'Choosing a project',
            body: (
              <ul>
                <li>
                  <strong>Developer record:</strong> completed buildings, delivered on time and as promised
                </li>
                <li>
                  <strong>Location:</strong> transit today, not only on a future map
                </li>
                <li>
                  <strong>Suite design:</strong> efficient layouts and sensible proportions age well
                </li>
                <li>
                  <strong>Agreement terms:</strong> capped development charges, assignment rights and occupancy fees
                </li>
                <li>
                  <strong>Price per square foot</strong> compared with resale buildings nearby
                </li>
              </ul>
            ),
          },
          {
            id: 'process',
            title: 'How we work with you',
            body: (
              <>
                <p>
                  We review launches before they open to the public, discard the majority and present the few that meet our standard, with the numbers behind
                  each recommendation. Once you buy, we follow the project through construction, occupancy and registration, and can help you lease or resell
                  when the time comes.
                </p>
                <p>
                  Register for first access through our <Link to="/new-development">new development</Link> page.
                </p>
              </>
            ),
          },
          {
            id: 'cooling-off',
            title: 'Your ten-day cooling-off period',
            body: (
              <p>
                In Ontario, buyers of new condominiums have ten days after signing, or after receiving the disclosure statement, to cancel without penalty. Use
                them: have your lawyer review the agreement and disclosure documents before the period ends.
              </p>
            ),
          },
        ]}
      />
      <TalkToUs
        title="See the next launch first"
        text="Tell us what you are looking for and we will send the projects that pass our review, before public release."
        to="/new-development"
        label="Register your interest"
      />
    </>
  );
}
