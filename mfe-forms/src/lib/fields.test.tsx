/**
 * The line under each field is always there and one message line high: a message that appears when a field is
 * left must not move what is below it (the Submit button moved ~31 px under the pointer between mousedown and
 * mouseup, and the first click was lost).
 */
import { fireEvent, render } from '@testing-library/react';
import ContactForm from '../exposed/ContactForm';
import { ListingRequestForm } from '../exposed/ListWithUsPage';
import { fill, input, mockFetch, ok, useTestConfig } from '../testing/formTestKit';

beforeEach(() => {
  useTestConfig();
  sessionStorage.clear();
  mockFetch(ok());
});

/** The field's wrapper and the line under its control. */
const frameOf = (label: string) => {
  const frame = input(label).closest<HTMLElement>('[data-field]')!;
  return { frame, line: frame.querySelector<HTMLElement>('[data-field-message]') };
};

describe('the message line under a field', () => {
  it('is rendered before any message, with a reserved height, and the message appears inside it', () => {
    render(<ContactForm source="default" />);
    const { frame, line } = frameOf('Email');
    expect(line).not.toBeNull();
    expect(line).toBeEmptyDOMElement();
    expect(line).toHaveStyle({ minHeight: 'calc(0.5rem + 0.875rem * 1.5)' });
    const childrenBefore = Array.from(frame.children);

    fill('Email', 'ada@');
    fireEvent.blur(input('Email'));
    const message = document.getElementById(input('Email').getAttribute('aria-describedby')!)!;
    expect(message).toHaveTextContent('Please enter a valid email address.');
    expect(message).toHaveAttribute('role', 'alert');
    expect(line).toContainElement(message);
    // nothing was added to or removed from the field's frame: only the reserved line got its text
    expect(Array.from(frame.children)).toEqual(childrenBefore);
  });

  it('holds a hint until a message takes its place, in the same line', () => {
    render(<ListingRequestForm />);
    const { line } = frameOf('Bathrooms');
    expect(line).toHaveTextContent('Half baths count as 0.5');
    fill('Bathrooms', '2.25');
    fireEvent.blur(input('Bathrooms'));
    expect(line).not.toHaveTextContent('Half baths count as 0.5');
    expect(line).toHaveTextContent(/0\.5/);
    expect(input('Bathrooms')).toHaveAttribute('aria-invalid', 'true');
  });
});
