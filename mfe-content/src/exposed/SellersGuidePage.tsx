/** /sellers-guide: a seller's guide from the first decision to closing. */
import { Link } from 'react-router-dom';
import { AgentCard, PageHero, usePageMeta } from '@gta/shared';
import { FigureRow, GuideArticle, TalkToUs } from '../components/layout';
import heroImage from '../assets/hero-6-escarpment-twilight.svg';

export default function SellersGuidePage() {
  usePageMeta({
    title: "Seller's Guide",
    description: "A seller's guide for the Greater Toronto Area: timing, pricing, preparing your home, showings, offers and closing.",
  });
  return (
    <>
      <PageHero eyebrow="Selling" title="Seller's Guide" subtitle="Six stages of a well-run sale, and what each asks of you." image={heroImage} />
      <GuideArticle
        aside={<AgentCard compact />}
        chapters={[
          {
            id: 'timing',
            title: 'Decide on timing and your next move',
            body: (
              <>
                <p>
                  Start with where you are going. If you are buying as well, decide whether to sell first, buy first or coordinate both closings on the same
                  day. Each has a different balance of risk and convenience, and we will help you choose.
                </p>
                <p>Spring and autumn bring the most buyers, but a well-prepared home sells in any season. Allow six to eight weeks to prepare before launch.</p>
              </>
            ),
          },
          {
            id: 'pricing',
            title: 'Set the price',
            body: (
              <>
                <FigureRow
                  figures={[
                    { value: '2 wks', label: 'When buyer interest peaks after launch' },
                    { value: '3', label: 'Pricing scenarios we model for every listing' },
                  ]}
                />
                <p>
                  We study recent comparable sales, active competition and the absorption rate in your price band, then model a few scenarios: pricing to invite
                  competition, pricing at market, and what each means for timing. Overpricing is the costliest mistake a seller can make: the home lingers and
                  buyers begin to wonder why.
                </p>
              </>
            ),
          },
          {
            id: 'prepare',
            title: 'Prepare the home',
            body: (
              <ul>
                <li>Repair what an inspector will notice: leaks, loose fixtures, tired caulking</li>
                <li>Paint in light, neutral tones and refresh lighting</li>
                <li>Declutter and store a third of the furniture</li>
                <li>Consider a pre-listing inspection to remove surprises</li>
                <li>Gather warranties, permits and utility costs for buyers' questions</li>
              </ul>
            ),
          },
          {
            id: 'showings',
            title: 'Launch and showings',
            body: (
              <p>
                After photography and film, your home launches to our network and online. Keep it show-ready, leave during viewings, and let us gather feedback
                after each one. We report to you weekly with the number of visits, the questions asked and how the market is responding.
              </p>
            ),
          },
          {
            id: 'offers',
            title: 'Review offers',
            body: (
              <p>
                We present every offer with a clear comparison of price, deposit, conditions and closing date. If several buyers are interested we may set an
                offer date, giving everyone the same opportunity. Counter-offers are part of most sales; we negotiate firmly and keep you informed at every
                step.
              </p>
            ),
          },
          {
            id: 'closing',
            title: 'Conditions, closing and moving',
            body: (
              <>
                <p>
                  Once conditions are waived the sale is firm. Your lawyer arranges the discharge of your mortgage and the transfer, and you prepare to move:
                  our <Link to="/moving-guide">moving guide</Link> has a checklist for every stage.
                </p>
                <p>
                  On closing day, leave the home clean, with keys, remotes and manuals for the new owners. The proceeds arrive through your lawyer once the
                  transfer is registered.
                </p>
              </>
            ),
          },
        ]}
      />
      <TalkToUs
        title="Considering a sale?"
        text="We will walk through your home and give you a candid view of its value, with no obligation."
        to="/home-evaluation"
        label="Request an evaluation"
      />
    </>
  );
}
