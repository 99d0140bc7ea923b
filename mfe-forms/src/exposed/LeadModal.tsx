/**
 * forms/LeadModal: the dialog a listing search opens when it finds nothing (spec 2): 'No property found' /
 * 'Tell us about your interest' on Active Listings, 'No featured property found' on Featured Listings, holding the
 * lead form. Built on the shared Dialog (focus in and back, Tab kept inside, Escape, backdrop, no background
 * scroll). After a successful submission the thank-you shows for 2 s, then the dialog closes and the form resets.
 */
import { Dialog, type LeadModalProps } from '@gta/shared';
import LeadForm from './LeadForm';

const TITLES: Record<LeadModalProps['variant'], string> = {
  'active-listings': 'No property found',
  'featured-listings': 'No featured property found',
};

export default function LeadModal({ open, onClose, variant }: LeadModalProps) {
  return (
    <Dialog open={open} onClose={onClose} title={TITLES[variant]} subtitle="Tell us about your interest" maxWidth={760} closeLabel="Close">
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself: its first field */}
      <LeadForm source={variant} onSettled={onClose} autoFocus />
    </Dialog>
  );
}
