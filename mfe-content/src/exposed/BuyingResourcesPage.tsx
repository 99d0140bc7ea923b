/** /buying-resources: practical advice for buyers, with tools and the agent card. */
import { Link } from 'react-router-dom';
import { AgentCard, PageHero, usePageMeta } from '@gta/shared';
import { FigureRow, GuideArticle, TalkToUs } from '../components/layout';
import heroImage from '../assets/hero-2-lakeshore-morning.svg';

export default function BuyingResourcesPage() {
  usePageMeta({
    title: 'Buying Resources',
    description: 'Advice for buyers in the Greater Toronto Area: budgeting, pre-approval, closing costs, offers and the tools we use with every client.',
  });
  return (
    <>
      <PageHero eyebrow="Buying" title="Buying Resources" subtitle="The essentials we share with every buyer, gathered in one place." image={heroImage} />
      <GuideArticle
        aside={<AgentCard compact />}
        intro={
          <p>Buying well is mostly preparation. These notes cover what to settle before you start viewing homes, and the tools that help along the way.</p>
        }
        chapters={[
          {
            id: 'budget',
            title: 'Know your number',
            body: (
              <>
                <FigureRow
                  figures={[
                    { value: '5%', label: 'Minimum down payment on the first portion of the price' },
                    { value: '20%', label: 'Down payment that avoids mortgage insurance' },
                  ]}
                />
                <p>
                  Before you fall for a kitchen, settle on a monthly cost you would be comfortable with in an ordinary year, not only the maximum a lender will
                  approve. Include property tax, insurance, utilities and, for condominiums, the maintenance fee.
                </p>
                <p>
                  Our <Link to="/mortgage-calculator">mortgage calculators</Link> give a quick sense of payments and land transfer tax; a broker from our{' '}
                  <Link to="/preferred-partner">preferred partners</Link> can turn that into a firm pre-approval.
                </p>
              </>
            ),
          },
          {
            id: 'closing-costs',
            title: 'Plan for closing costs',
            body: (
              <>
                <p>Set aside roughly 1.5% to 4% of the price for the costs that arrive with the keys:</p>
                <ul>
                  <li>Land transfer tax (provincial, and municipal within Toronto), with rebates for first-time buyers</li>
                  <li>Legal fees, disbursements and title insurance</li>
                  <li>Home inspection and, where needed, an appraisal</li>
                  <li>Adjustments for prepaid property tax or utilities, and moving costs</li>
                </ul>
              </>
            ),
          },
          {
            id: 'search',
            title: 'Search with intent',
            body: (
              <>
                <p>
                  Narrow the map to two or three communities and visit them at different times of day. Our{' '}
                  <Link to="/neighbourhood-guide">neighbourhood guide</Link> is a good place to start, and <Link to="/active-listings">active listings</Link>{' '}
                  shows what is available today.
                </p>
                <p>Keep a short list of must-haves and a longer list of nice-to-haves. It makes decisions easier when a good home appears on a busy weekend.</p>
              </>
            ),
          },
          {
            id: 'offers',
            title: 'Make a strong offer',
            body: (
              <>
                <p>
                  A strong offer is more than a price. Deposit size, closing date and conditions all matter to a seller. We review comparable sales with you
                  before every offer and explain the trade-offs of each condition, so you can compete without taking risks you do not understand.
                </p>
                <p>In competitive situations, a pre-offer inspection and a firm pre-approval can let you act quickly and with confidence.</p>
              </>
            ),
          },
          {
            id: 'after',
            title: 'After the offer is accepted',
            body: (
              <p>
                Deliver the deposit on time, finalise financing and insurance, and keep in close touch with your lawyer. We stay involved until closing,
                arranging visits for measurements and answering the questions that always arise in the final weeks.
              </p>
            ),
          },
        ]}
      />
      <TalkToUs text="Tell us what you are looking for and we will prepare a short list, including homes that have not yet reached the market." />
    </>
  );
}
