/** /privacy-policy: the complete policy, every topic of the spec, ending with how to reach us and the effective date. */
import { Link } from 'react-router-dom';
import { PageHero, siteProfile, telHref, usePageMeta } from '@gta/shared';
import { GuideArticle } from '../components/layout';

const EFFECTIVE = 'January 1, 2025';

export default function PrivacyPolicyPage() {
  const { teamName, brokerage, agent, siteUrl } = siteProfile;
  usePageMeta({
    title: 'Privacy Policy',
    description: `How ${teamName} collects, uses and protects the personal information of visitors and clients.`,
  });
  return (
    <>
      <PageHero eyebrow="Legal" title="Privacy Policy" subtitle={`Effective ${EFFECTIVE}. Your trust matters to us; here is how we earn it.`} compact />
      <GuideArticle
        intro={
          <p>
            This policy explains how {teamName}, a team with {brokerage}, handles the personal information you share through {siteUrl} and its forms, chat and
            calculators. By using the site you agree to the practices described here.
          </p>
        }
        chapters={[
          {
            id: 'collect',
            title: 'Information we collect',
            body: (
              <>
                <p>
                  We collect what you choose to give us, such as your name, email address, telephone number, property details and the content of your messages,
                  when you complete a form, request an evaluation, register interest in a development or chat with our assistant.
                </p>
                <p>We also collect limited technical information automatically, described under IP addresses and cookies below.</p>
              </>
            ),
          },
          {
            id: 'use',
            title: 'How we use your information',
            body: (
              <ul>
                <li>To answer your enquiries and provide the real-estate services you request</li>
                <li>To send listings, market updates and information you have asked for</li>
                <li>To prepare evaluations, offers and the documents of a transaction</li>
                <li>To improve the site and understand which content is useful</li>
                <li>To meet our legal, regulatory and brokerage obligations</li>
              </ul>
            ),
          },
          {
            id: 'opt-out',
            title: 'Opting out',
            body: (
              <>
                <p>
                  You may ask at any time to stop receiving marketing messages by using the unsubscribe link in any email or by contacting us. We will still
                  send messages required to complete a transaction you are part of.
                </p>
                <p>
                  The site is intended for people 18 years of age and over. We do not knowingly collect information from anyone younger; if you believe a minor
                  has sent us information, contact us and we will delete it.
                </p>
              </>
            ),
          },
          {
            id: 'ip-addresses',
            title: 'IP addresses',
            body: (
              <p>
                Our servers record the IP address of each visitor, with the date, time and pages requested. We use these records to diagnose problems, protect
                the site from abuse and produce aggregate statistics. They are not used to identify you personally.
              </p>
            ),
          },
          {
            id: 'cookies',
            title: 'Cookies and local storage',
            body: (
              <>
                <p>
                  Cookies are small files a website stores in your browser. We use them, and your browser's local storage, to keep the site working (for
                  example, your chat session and your moving checklist progress) and to understand how the site is used.
                </p>
                <p>You can refuse or delete cookies in your browser settings; some features may then not work as intended.</p>
              </>
            ),
          },
          {
            id: 'security',
            title: 'Security',
            body: (
              <p>
                We protect personal information with safeguards suited to its sensitivity, including encrypted connections, restricted staff access and secure
                storage. No method of transmission or storage is completely secure, but we review our measures regularly and act promptly on any concern.
              </p>
            ),
          },
          {
            id: 'registration-forms',
            title: 'Registration and enquiry forms',
            body: (
              <p>
                Our forms ask for contact details so that we can reply and, where you ask us to, provide listings or evaluations. Information you submit is
                shared only with our team, our brokerage and the service providers who help us deliver our services, each bound to keep it confidential. We do
                not sell your personal information.
              </p>
            ),
          },
          {
            id: 'third-party-links',
            title: 'Links to other websites',
            body: (
              <p>
                The site links to other websites, including our preferred partners and social media. Those sites have their own privacy practices, for which we
                are not responsible; we encourage you to read their policies before sharing information with them.
              </p>
            ),
          },
          {
            id: 'access',
            title: 'Access and correction',
            body: (
              <p>
                You may ask to see the personal information we hold about you, to correct it or to have it deleted where we are not required to keep it. We will
                respond within 30 days.
              </p>
            ),
          },
          {
            id: 'changes',
            title: 'Changes to this policy',
            body: (
              <p>
                We may update this policy from time to time. The effective date at the top shows when it last changed, and significant changes will be
                highlighted on the site.
              </p>
            ),
          },
          {
            id: 'acceptance',
            title: 'Your acceptance of this policy',
            body: (
              <p>
                By using this site you accept this policy. If you do not agree with it, please do not use the site. Continuing to use the site after a change is
                published means you accept the updated policy.
              </p>
            ),
          },
          {
            id: 'contact',
            title: 'Contact us',
            body: (
              <>
                <p>
                  Questions or requests about your personal information can be sent to <a href={`mailto:${agent.email}`}>{agent.email}</a>, by telephone at{' '}
                  <a href={telHref(agent.officePhone)}>{agent.officePhone}</a>, or by mail to {teamName}, {agent.addressLines.join(', ')}. You can also write to
                  us through our <Link to="/contact-us">contact page</Link>.
                </p>
                <p data-testid="privacy-end">
                  <strong>Thank you for trusting us with your information.</strong> This is the end of our privacy policy, effective {EFFECTIVE}.
                </p>
              </>
            ),
          },
        ]}
      />
    </>
  );
}
