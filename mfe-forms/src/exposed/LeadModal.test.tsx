import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { LeadModalProps } from '@gta/shared';
import LeadModal from './LeadModal';
import { fillAll, input, mockFetch, ok, posted, useTestConfig } from '../testing/formTestKit';

function Page({ variant }: { variant: LeadModalProps['variant'] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Search</button>
      <LeadModal open={open} onClose={() => setOpen(false)} variant={variant} />
    </>
  );
}

const REQUIRED = {
  Name: 'Grace Hopper',
  Email: 'grace@example.com',
  'Interested location': 'Burlington',
  Bedrooms: '4',
  Bathrooms: '3',
  'Square footage': '2500+',
};

beforeEach(() => {
  useTestConfig();
  sessionStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('LeadModal', () => {
  it("is a real dialog: 'No property found / Tell us about your interest', focus in on Name and back, Escape closes, no background scroll", () => {
    render(<Page variant="active-listings" />);
    const opener = screen.getByRole('button', { name: 'Search' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'No property found' });
    expect(dialog).toHaveTextContent('Tell us about your interest');
    expect(input('Name')).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it("the featured page's variant has its own wording and source", async () => {
    const fetch = mockFetch(ok());
    render(<Page variant="featured-listings" />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('dialog', { name: 'No featured property found' })).toHaveTextContent('Tell us about your interest');
    fillAll(REQUIRED);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText("Thank you! We'll get in touch soon.");
    expect(posted(fetch).body.source).toBe('featured-listings');
  });

  it('after a successful submission it closes 2 s later, and opens again with an empty form', async () => {
    jest.useFakeTimers();
    mockFetch(ok());
    render(<Page variant="active-listings" />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fillAll(REQUIRED);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(await screen.findByText("Thank you! We'll get in touch soon.")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1900));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(input('Name')).toHaveValue('');
    expect(input('Bedrooms')).toHaveValue('');
  });

  it('closing without sending keeps what was typed for next time', () => {
    render(<Page variant="active-listings" />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fillAll({ Name: 'Grace Hopper', 'Interested location': 'Milton' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(input('Name')).toHaveValue('Grace Hopper');
    expect(input('Interested location')).toHaveValue('Milton');
  });

  it('keeps Tab inside the dialog and closes on a backdrop click, giving focus back', () => {
    render(<Page variant="featured-listings" />);
    const opener = screen.getByRole('button', { name: 'Search' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'No featured property found' });
    const submitButton = screen.getByRole('button', { name: 'Submit' });
    act(() => submitButton.focus());
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(submitButton).toHaveFocus();
    expect(dialog.contains(document.activeElement)).toBe(true);
    // a click on the dialog itself does not close it; one on the backdrop does
    fireEvent.mouseDown(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('a failure inside the dialog shows the error, re-enables submit and keeps the dialog open with the data', async () => {
    mockFetch({ status: 500 });
    render(<Page variant="active-listings" />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fillAll(REQUIRED);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Submission failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(input('Interested location')).toHaveValue('Burlington');
  });
});
