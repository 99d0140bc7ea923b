/** The factory for `jest.mock('../components/remotes', ...)`: stand-ins for the other remotes' modules. */
import type { LeadModalProps, MortgageCalculatorsProps, PropertyInquiryFormProps } from '@gta/shared';

export function remotesMock() {
  return {
    __esModule: true,
    LEAD_MODAL_ID: 'forms/LeadModal',
    preloadLeadModal: jest.fn(),
    LeadModal: ({ open, onClose, variant }: LeadModalProps) =>
      open ? (
        <div role="dialog" aria-label={variant === 'featured-listings' ? 'No featured property found' : 'No property found'} data-variant={variant}>
          <p>Tell us about your interest</p>
          <button type="button" onClick={onClose}>
            ×
          </button>
        </div>
      ) : null,
    PropertyInquiryForm: ({ propertyName }: PropertyInquiryFormProps) => (
      <form aria-label="GET IN TOUCH" data-testid="inquiry-form" data-property={propertyName} />
    ),
    MortgageCalculators: ({ price }: MortgageCalculatorsProps) => <div data-testid="calculators">Calculators for {price}</div>,
  };
}
