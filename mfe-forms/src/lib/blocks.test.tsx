/**
 * The blocks the forms share render the fields each form rendered itself: the same names, labels (marked required
 * or optional) and limits, so what is posted and what e2e tests find do not change.
 */
import { render, screen } from '@testing-library/react';
import { ContactDetailsFields, RoomFields } from './blocks';
import type { BoundField } from './useSubmissionForm';

const form = {
  field: (name: string): BoundField => ({ name, value: '', error: undefined, onChange: () => undefined, onBlur: () => undefined }),
};

describe('ContactDetailsFields', () => {
  it('renders name, email and phone, phone required unless told otherwise', () => {
    const { unmount } = render(<ContactDetailsFields form={form} />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('name', 'name');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toBeRequired();
    unmount();
    render(<ContactDetailsFields form={form} phoneRequired={false} focusName />);
    expect(screen.getByRole('textbox', { name: 'Phone (optional)' })).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('data-autofocus', 'true');
  });
});

describe('RoomFields', () => {
  it('with a size: three required fields, bathrooms in half steps with their hint', () => {
    render(<RoomFields form={form} size={{ name: 'squareFootage', label: 'Square footage', placeholder: 'e.g. 2800' }} />);
    const baths = screen.getByRole('spinbutton', { name: 'Bathrooms' });
    expect(baths).toBeRequired();
    expect(baths).toHaveAttribute('step', '0.5');
    expect(baths).toHaveAccessibleDescription('Half baths count as 0.5');
    expect(screen.getByRole('spinbutton', { name: 'Square footage' })).toHaveAttribute('name', 'squareFootage');
  });

  it('without: bedrooms and bathrooms, optional', () => {
    render(<RoomFields form={form} />);
    expect(screen.getByRole('spinbutton', { name: 'Bedrooms (optional)' })).toHaveAttribute('max', '10');
    expect(screen.getByRole('spinbutton', { name: 'Bathrooms (optional)' })).not.toHaveAccessibleDescription();
    expect(screen.getAllByRole('spinbutton')).toHaveLength(2);
  });
});
