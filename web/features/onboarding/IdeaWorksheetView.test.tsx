import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftIdeaWorksheet } from '../../../domain/drafts/ideaWorksheet';
import { IdeaWorksheetView } from './IdeaWorksheetView';

afterEach(cleanup);

function renderWorksheet() {
  render(
    <IdeaWorksheetView
      worksheet={draftIdeaWorksheet('Scheduling software for vets')}
      onShare={() => {}}
    />,
  );
  return {
    customers: screen.getByRole('textbox', { name: 'Customers who could buy' }),
    price: screen.getByRole('textbox', { name: 'What one pays per year' }),
    result: screen.getByTestId('market-size-result'),
  };
}

describe('the market size calculator', () => {
  it("says a number's problem when the founder leaves the field, not mid-keystroke, and keeps the result's live region", () => {
    const { customers, price, result } = renderWorksheet();
    fireEvent.change(price, { target: { value: '$1,200' } });
    // '1,' on the way to '1,200': no error yet.
    fireEvent.change(customers, { target: { value: '1,' } });
    expect(screen.queryByText(/is not a number/)).toBeNull();
    expect(customers.getAttribute('aria-invalid')).toBe('false');
    expect(result.textContent).toBe('Enter both numbers to see your market size.');
    fireEvent.change(customers, { target: { value: '1,200' } });
    expect(result.textContent).toBe('1,200 customers × $1,200/year = $1.4M a year');
    // Left with a bad number: now it is said; typing again puts it away until the field is left.
    fireEvent.change(customers, { target: { value: 'lots' } });
    expect(screen.queryByText(/is not a number/)).toBeNull();
    fireEvent.blur(customers);
    expect(screen.getByText('“lots” is not a number. Enter digits, like 2,000.')).toBeTruthy();
    expect(result.textContent).toBe('Fix the number above to see your market size.');
    fireEvent.change(customers, { target: { value: '2,' } });
    expect(screen.queryByText(/is not a number/)).toBeNull();
    fireEvent.change(customers, { target: { value: '2,000' } });
    expect(result.textContent).toBe('2,000 customers × $1,200/year = $2.4M a year');
    expect(result.getAttribute('aria-live')).toBe('polite');
  });

  it("takes '$', 'k' and '/month' from a text keyboard, shows a monthly price's × 12, and explains a market beyond any there is", () => {
    const { customers, price, result } = renderWorksheet();
    expect(customers.getAttribute('inputmode')).toBe('text');
    expect(price.getAttribute('inputmode')).toBe('text');
    fireEvent.change(customers, { target: { value: '50k' } });
    fireEvent.change(price, { target: { value: '$99/month' } });
    expect(screen.getByTestId('market-size-yearly').textContent).toBe(
      '$99/month × 12 = $1,188/year',
    );
    expect(result.textContent).toBe('50,000 customers × $1,188/year = $59.4M a year');
    fireEvent.change(customers, { target: { value: '9,000,000,000' } });
    fireEvent.change(price, { target: { value: '$5,000' } });
    expect(result.textContent).toBe(
      '9,000,000,000 × $5,000 is more than $10 trillion a year, larger than any market; check both numbers.',
    );
  });
});

describe("the worksheet's actions", () => {
  it("offers a guest 'Keep it: create a free account' beside 'Share with co-founder', and hands on what is typed", () => {
    const onKeep = vi.fn();
    const onEntriesChange = vi.fn();
    render(
      <IdeaWorksheetView
        worksheet={draftIdeaWorksheet('Inventory app for coffee shops')}
        initialEntries={{ problem: 'Owners, with paper lists' }}
        onEntriesChange={onEntriesChange}
        onShare={() => {}}
        onKeep={onKeep}
      />,
    );
    // What was typed before comes back, and the question names the idea by its subject.
    const problem = screen.getByRole('textbox', {
      name: /Who exactly has the problem behind your inventory app for coffee shops,/,
    });
    expect((problem as HTMLTextAreaElement).value).toBe('Owners, with paper lists');
    fireEvent.change(screen.getByRole('textbox', { name: 'Customers who could buy' }), {
      target: { value: '2,000' },
    });
    expect(onEntriesChange).toHaveBeenLastCalledWith({
      problem: 'Owners, with paper lists',
      customers: '2,000',
    });
    expect(screen.getByText('Share with co-founder')).toBeTruthy();
    fireEvent.click(screen.getByText('Keep it: create a free account'));
    expect(onKeep).toHaveBeenCalledOnce();
  });

  it('offers no account to a founder who is signed in', () => {
    render(<IdeaWorksheetView worksheet={draftIdeaWorksheet('Dog walking')} onShare={() => {}} />);
    expect(screen.queryByText('Keep it: create a free account')).toBeNull();
  });
});
