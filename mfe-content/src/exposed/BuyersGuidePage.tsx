/** /buyers-guide (also /buying-guide): the buyer's guide on finances, home type, agents, the search and closing. */
import { Link } from 'react-router-dom';
import { AgentCard, PageHero, usePageMeta } from '@gta/shared';
import { FigureRow, GuideArticle, TalkToUs } from '../components/layout';
import heroImage from '../assets/hero-3-estate-golden-hour.svg';

export default function BuyersGuidePage() {
  usePageMeta({
    title: "Buyer's Guide",
    description: "A step-by-step buyer's guide for the Greater Toronto Area: finances, choosing a home type, working with an agent, the search and closing.",
    canonical: '/buyers-guide',
  });
  return (
    <>
      <PageHero eyebrow="Buying" title="Buyer's Guide" subtitle="Five stages, from the first budget to the day the keys are yours." image={heroImage} />
      <GuideArticle
        aside={<AgentCard compact />}
        chapters={[
          {
            id: 'finances',
            title: 'Put your finances in order',
            body: (
              <>
                <FigureRow
                  figures={[
                    { value: '5%', label: 'Minimum down payment' },
                    { value: '25–30', label: 'Years: a typical amortisation' },
                  ]}
                />
                <p>
                  Review your credit report, gather two years of income documents and speak with a lender or broker early. A pre-approval fixes a rate for a
                  period and tells you, and sellers, that you are ready.
                </p>
                <p>
                  With less than 20% down, your mortgage must be insured and the premium is added to the loan. On homes priced above the insured-mortgage limit,
                  a down payment of at least 20% is required.
                </p>
              </>
            ),
          },
          {
            id: 'home-type',
            title: 'Choose the right kind of home',
            body: (
              <>
                <p>
                  <strong>Detached</strong> homes offer privacy, land and freedom to renovate, with the full cost of upkeep.{' '}
                  <strong>Semi-detached and townhomes</strong> balance space and price, often in walkable areas. <strong>Condominiums</strong> trade a monthly
                  fee for amenities and minimal maintenance; read the status certificate and reserve fund study with care.
                </p>
                <p>
                  If nothing on the market fits, a <Link to="/custom-homes">custom home</Link> or a <Link to="/pre-construction">pre-construction</Link>{' '}
                  purchase may be the better path.
                </p>
              </>
            ),
          },
          {
            id: 'agent',
            title: 'Work with the right agent',
            body: (
              <p>
                Your agent should know the communities you are considering street by street, explain every clause you sign and tell you when a home is not worth
                the price. Ask how they handle multiple offers, how often they will be in touch and who else on their team you will work with. As a buyer, our
                services are usually paid from the seller's side of the transaction.
              </p>
            ),
          },
          {
            id: 'search',
            title: 'Search, view and offer',
            body: (
              <>
                <p>
                  We set up a search that reflects your priorities and send new and off-market homes as they appear. At viewings, look past furniture and paint
                  at the things that are costly to change: layout, light, the roof, windows and mechanical systems.
                </p>
                <p>
                  When a home is right, we prepare an offer backed by comparable sales and agree conditions with you, typically financing and inspection, and a
                  deposit, usually delivered within 24 hours of acceptance.
                </p>
              </>
            ),
          },
          {
            id: 'closing',
            title: 'Closing day',
            body: (
              <>
                <p>
                  Between acceptance and closing, your lawyer searches title, prepares documents and receives the mortgage funds. You arrange home insurance,
                  book movers and set up utilities.
                </p>
                <ul>
                  <li>Sign with your lawyer a few days before closing</li>
                  <li>Provide the balance of the down payment and closing costs</li>
                  <li>Complete a final visit to confirm the home's condition</li>
                  <li>Collect your keys once the deed is registered</li>
                </ul>
              </>
            ),
          },
        ]}
      />
      <TalkToUs text="Ready for the first step? We will walk you through the numbers and the neighbourhoods in one unhurried conversation." />
    </>
  );
}
