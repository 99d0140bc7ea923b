/** UI of other parts, loaded at run time by id (never imported): the lead modal, the inquiry form, the calculators. */
import { loadRemoteModule, remoteComponent, type LeadModalProps, type MortgageCalculatorsProps, type PropertyInquiryFormProps } from '@gta/shared';

export const LEAD_MODAL_ID = 'forms/LeadModal';

export const LeadModal = remoteComponent<LeadModalProps>(LEAD_MODAL_ID, 'the interest form');
export const PropertyInquiryForm = remoteComponent<PropertyInquiryFormProps>('forms/PropertyInquiryForm', 'the inquiry form', 480);
export const MortgageCalculators = remoteComponent<MortgageCalculatorsProps>('content/MortgageCalculators', 'the calculators', 760);

/** Fetches the lead modal's code while a search runs, so it opens at once if nothing is found. */
export function preloadLeadModal(): void {
  loadRemoteModule(LEAD_MODAL_ID).catch(() => undefined);
}
