/** /selling-resources: how we market and price a home. */
import { Link } from 'react-router-dom';
import { AgentCard, PageHero, usePageMeta } from '@gta/shared';
import { GuideArticle, TalkToUs } from '../components/layout';
import heroImage from '../assets/hero-5-harbour-sunset.svg';

export default function SellingResourcesPage() {
  usePageMeta({
    title: 'Selling Resources',
    description: 'How we price and market luxury homes in Oakville, Mississauga, Burlington and the GTA: preparation, photography, exposure and negotiation.',
  });
  return (
    <>
      <PageHero
        eyebrow="Selling"
        title="Selling Resources"
        subtitle="How we prepare, price and present a home so that it sells well, not merely quickly."
        image={heroImage}
      />
      <GuideArticle
        aside={<AgentCard compact />}
        chapters={[
          {
            id: 'pricing',
            title: 'Pricing with evidence',
            body: (
              <>
                <p>
                  The right price attracts the right buyers in the first two weeks, when interest is at its height. We build a written pricing strategy from
                  recent comparable sales, homes currently competing with yours and the pace of the market in your price band.
                </p>
                <p>
                  Curious where you stand today? Request a <Link to="/home-evaluation">home evaluation</Link>.
                </p>
              </>
            ),
          },
          {
            id: 'preparation',
            title: 'Preparing the home',
            body: (
              <p>
                We walk through your home with you and list the improvements that will matter to buyers, in order of return. Our partners in staging, painting,
                cleaning and repair can complete the work on a schedule that suits you.
              </p>
            ),
          },
          {
            id: 'marketing',
            title: 'Marketing that reaches the right buyer',
            body: (
              <ul>
                <li>Architectural photography, film and floor plans</li>
                <li>A dedicated property page and targeted digital campaigns</li>
                <li>Exposure across our brokerage network and to agents with qualified buyers</li>
                <li>Private previews for clients who are already searching</li>
              </ul>
            ),
          },
          {
            id: 'negotiation',
            title: 'Offers and negotiation',
            body: (
              <p>
                Price is one part of an offer. We weigh deposit, conditions, closing date and the buyer's financing with you, and negotiate to protect both the
                number and the certainty of the sale.
              </p>
            ),
          },
        ]}
      />
      <TalkToUs
        title="Thinking of selling?"
        text="We will give you a candid view of your home's value and a plan to achieve it."
        to="/list-with-us"
        label="List with us"
      />
    </>
  );
}
