import type { PropertyRecord } from '@gta/shared/core';
import { composeReply, minimumDownPayment, HANDOFF_MARK, type ChatLead, type Turn } from './reply';

const listing = (
  id: string,
  name: string,
  city: string,
  price: number | string,
  beds: number,
  type: string,
  status = 'Available',
  date = '2026-01-10',
): PropertyRecord => ({
  id,
  fields: {
    'Property Name': name,
    'City/State': `${city}, ON`,
    Price: price,
    Bedrooms: beds,
    Bathrooms: 2,
    'Property Type': type,
    Status: status,
    Location: 'Old Oakville',
    'Listing Date': date,
  },
});

const LISTINGS: PropertyRecord[] = [
  listing('1', 'Lakeshore Manor', 'Oakville', 1_950_000, 4, 'Detached Home'),
  listing('2', 'Glen Abbey Retreat', 'Oakville', '1,450,000', 3, 'House'),
  listing('3', 'Sold Estate', 'Oakville', 1_500_000, 5, 'Detached Home', 'Sold'),
  listing('4', 'Harbour Condo', 'Mississauga', 899_000, 2, 'Condo'),
  listing('5', 'Oakville Palace', 'Oakville', 4_900_000, 6, 'Detached Home'),
  listing('6', 'Brant Street Town', 'Burlington', 1_100_000, 3, 'Town House', ' available '),
];

function ctx(history: Turn[] = [], leads: ChatLead[] = []) {
  return { listings: LISTINGS, history, saveLead: (lead: ChatLead) => (leads.push(lead), true) };
}

describe('composeReply', () => {
  it('answers a search with matching Available listings as links to their pages', () => {
    const out = composeReply('Show me 3 bed homes in Oakville under 2 million', ctx());
    expect(out).toContain('[Lakeshore Manor](/property/lakeshore-manor)');
    expect(out).toContain('[Glen Abbey Retreat](/property/glen-abbey-retreat)');
    expect(out).not.toContain('Sold Estate');
    expect(out).not.toContain('Oakville Palace'); // over budget
    expect(out).toContain('$1,950,000');
    expect(out).toContain('(/listings/oakville)');
    expect(out.indexOf('Lakeshore Manor')).toBeLessThan(out.indexOf('Glen Abbey')); // within budget, priciest first
  });

  it('filters by type and trims the status', () => {
    expect(composeReply('townhouse in Burlington', ctx())).toContain('[Brant Street Town](/property/brant-street-town)');
    const condos = composeReply('condos in mississauga below $1M', ctx());
    expect(condos).toContain('Harbour Condo');
    expect(condos).not.toContain('Lakeshore');
  });

  it('refines the previous search', () => {
    const history: Turn[] = [
      { role: 'human', content: '3 bedrooms in Oakville' },
      { role: 'ai', content: 'I found 3…' },
    ];
    const out = composeReply('under 1.5 million please', ctx(history));
    expect(out).toContain('Glen Abbey Retreat');
    expect(out).not.toContain('Lakeshore Manor');
  });

  it('offers near alternatives when nothing matches', () => {
    const out = composeReply('8 bedroom condo in Mississauga under 500k', ctx());
    expect(out).toMatch(/couldn't find/);
    expect(out).toContain('name and email');
  });

  it('asks for criteria when the visitor only says buy', () => {
    expect(composeReply('I want to buy', ctx())).toMatch(/Which city/);
  });

  it('answers offices, evaluation and the down payment rule', () => {
    const offices = composeReply('What are your office addresses and phone numbers?', ctx());
    expect(offices).toContain('1000 Don Mills Road');
    expect(offices).toContain('(905) 555-0120');
    expect(composeReply('how do I book a home evaluation', ctx())).toContain('(/home-evaluation)');
    const dp = composeReply('minimum down payment for 900k?', ctx());
    expect(dp).toContain('$65,000');
    expect(dp).not.toContain('/property/');
  });

  it('computes the minimum down payment: 5% to $500k, 10% above, 20% from $1.5M', () => {
    expect(minimumDownPayment(400_000)).toBe(20_000);
    expect(minimumDownPayment(500_000)).toBe(25_000);
    expect(minimumDownPayment(900_000)).toBe(65_000);
    expect(minimumDownPayment(1_499_000)).toBe(124_900);
    expect(minimumDownPayment(1_500_000)).toBe(300_000);
  });

  it('offers to pass other questions on, then stores a lead once a name and email are given', () => {
    const leads: ChatLead[] = [];
    const first = composeReply('Do you work with builders on a custom pool?', ctx([], leads));
    expect(first).toContain(HANDOFF_MARK);
    const history: Turn[] = [
      { role: 'human', content: 'Do you work with builders on a custom pool?' },
      { role: 'ai', content: first },
    ];
    const second = composeReply('Sure, Jane Doe, jane@example.com', ctx(history, leads));
    expect(second).toMatch(/Thank you, Jane/);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: 'Jane Doe', email: 'jane@example.com', question: 'Do you work with builders on a custom pool?' });
  });

  it('asks for the missing half of the contact details', () => {
    const leads: ChatLead[] = [];
    const history: Turn[] = [
      { role: 'human', content: 'Can you help with a rental licence?' },
      { role: 'ai', content: `I can ${HANDOFF_MARK}` },
    ];
    expect(composeReply('sam@example.com', ctx(history, leads))).toMatch(/what is your name/i);
    expect(leads).toHaveLength(0);
    const more: Turn[] = [...history, { role: 'human', content: 'sam@example.com' }, { role: 'ai', content: 'And what is your name?' }];
    expect(composeReply('My name is Sam Lee', ctx(more, leads))).toMatch(/Thank you, Sam/);
    expect(leads[0]).toMatchObject({ name: 'Sam Lee', email: 'sam@example.com', question: 'Can you help with a rental licence?' });
  });

  it('answers sellers with the evaluation and list-with-us pages', () => {
    const out = composeReply('I want to sell my house', ctx());
    expect(out).toContain('(/home-evaluation)');
    expect(out).toContain('(/list-with-us)');
    expect(out).not.toContain('/property/');
  });

  it('greets and acknowledges files', () => {
    expect(composeReply('Hello', ctx())).toMatch(/buy, sell or invest/);
    expect(composeReply('here are my plans', { ...ctx(), fileNames: ['plan.pdf'] })).toContain('“plan.pdf”');
  });
});

/** Plays a conversation: each visitor message gets the assistant's reply, the history grows as the server keeps it. */
function converse(messages: string[], leads: ChatLead[] = []): string[] {
  const history: Turn[] = [];
  return messages.map((message) => {
    const out = composeReply(message, ctx([...history], leads));
    history.push({ role: 'human', content: message }, { role: 'ai', content: out });
    return out;
  });
}

describe('questions the guides answer (issue 26 #9)', () => {
  it('land transfer tax on a $900,000 home: the figure in a sentence and the calculator tab, no listing search', () => {
    const out = composeReply('how much is land transfer tax on a $900,000 home?', ctx());
    expect(out).toMatch(/Ontario's land transfer tax is \*\*\$14,475\*\*/);
    expect(out).toContain('**$28,950** in all'); // with Toronto's municipal tax
    expect(out).toContain('(/mortgage-calculator?tab=land-transfer-tax)');
    expect(out).not.toMatch(/\/property\/|available listings/);
    const toronto = composeReply('What is the LTT for a 1.2M condo in Toronto?', ctx());
    expect(toronto).toContain('**$20,475**'); // Ontario 1.2M
    expect(toronto).toMatch(/Toronto the municipal tax adds \$20,475, for \*\*\$40,950\*\*/);
  });

  it('what would my mortgage payment be: an example from the calculator defaults and the Payment tab', () => {
    const out = composeReply('what would my mortgage payment be?', ctx());
    expect(out).toMatch(
      /\$1,250,000 home with 20% down \(\$250,000\), a 4\.49% fixed rate and a 25-year amortization, the payment is about \*\*\$5,529\.17 a month\*\*/,
    );
    expect(out).toContain('(/mortgage-calculator?tab=payment)');
    expect(out).not.toContain('/property/');
    expect(composeReply("What's the monthly payment on a $900,000 house?", ctx())).toMatch(/On a \$900,000 home with 20% down \(\$180,000\)/);
  });
});

describe('the lead: a name only from a message that gives one, confirmed, and correctable', () => {
  it('"Thank you" after an email is not a name: the assistant asks again and stores the lead once a name comes', () => {
    const leads: ChatLead[] = [];
    const [, askName, thanks, stored] = converse(['Can you recommend a good interior designer?', 'about.me@example.com', 'Thank you', 'Sam Lee'], leads);
    expect(askName).toMatch(/what is your name/);
    expect(thanks).toMatch(/what is your name/);
    expect(thanks).not.toMatch(/Thank you, /);
    expect(stored).toContain('Thank you, Sam!');
    expect(stored).toContain('**Sam Lee**, **about.me@example.com**');
    expect(stored).toMatch(/If I got anything wrong, just write the correct name or email/);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: 'Sam Lee', email: 'about.me@example.com', question: 'Can you recommend a good interior designer?' });
  });

  it('words before an email are a name only when they are one', () => {
    const leads: ChatLead[] = [];
    const [, reply] = converse(['Do you handle estate sales?', 'About my question: pat@example.com'], leads);
    expect(reply).toMatch(/what is your name/);
    expect(leads).toHaveLength(0);
  });

  it('a correction after the confirmation stores the corrected details', () => {
    const leads: ChatLead[] = [];
    const [, first, fixed] = converse(['Can you recommend a stager?', 'Jon Smith, jon@example.com', 'Sorry, my name is John Smyth'], leads);
    expect(first).toContain('**Jon Smith**, **jon@example.com**');
    expect(fixed).toContain("I've corrected it: the team will reach **John Smyth**, **jon@example.com**");
    expect(leads.map((l) => l.name)).toEqual(['Jon Smith', 'John Smyth']);
  });

  describe('with what the page told the chat (metadata.context)', () => {
    const JANE = { name: 'Jane Doe', email: 'jane@example.com' };
    const MANOR = LISTINGS[0]!;

    it('a visitor whose contact form already gave a name and email is not asked for them: the question goes to the team with that contact', () => {
      const leads: ChatLead[] = [];
      const reply = composeReply('Do you work with builders on a custom pool?', { ...ctx([], leads), contact: JANE });
      expect(reply).not.toMatch(/name and email|what is your name|what email/i);
      expect(reply).toContain("I've passed your question to the team");
      expect(reply).toContain('**jane@example.com**');
      expect(leads).toEqual([
        expect.objectContaining({ name: 'Jane Doe', email: 'jane@example.com', question: 'Do you work with builders on a custom pool?' }),
      ]);
    });

    it('with a known contact, a search that finds nothing does not ask for the name and email either', () => {
      const reply = composeReply('5 bed condo in Burlington under 500k', { ...ctx(), contact: JANE });
      expect(reply).toContain("I couldn't find");
      expect(reply).not.toMatch(/leave your name and email/);
      expect(reply).toContain('**jane@example.com**');
    });

    it("'Ask about this home': the first question naming the home answers about it (not a search of its city) and offers to pass it on", () => {
      const leads: ChatLead[] = [];
      const reply = composeReply("I'd like to know more about Lakeshore Manor, Old Oakville.", { ...ctx([], leads), listing: MANOR });
      expect(reply).toContain('Here is **Lakeshore Manor**: [Lakeshore Manor](/property/lakeshore-manor) — $1,950,000 · 4 bed · 2 bath');
      expect(reply).not.toContain('Glen Abbey Retreat');
      expect(reply).toContain(HANDOFF_MARK);
      expect(leads).toHaveLength(0);
      const history: Turn[] = [
        { role: 'human', content: "I'd like to know more about Lakeshore Manor, Old Oakville." },
        { role: 'ai', content: reply },
      ];
      expect(composeReply('Jane Doe, jane@example.com', { ...ctx(history, leads), listing: MANOR })).toMatch(/Thank you, Jane/);
      expect(leads[0]).toMatchObject({ email: 'jane@example.com', question: "I'd like to know more about Lakeshore Manor, Old Oakville." });
    });

    it('asked about a home by a visitor the site knows: the lead names the home and carries the known contact', () => {
      const leads: ChatLead[] = [];
      const reply = composeReply('Is Lakeshore Manor still available for a showing this weekend?', { ...ctx([], leads), listing: MANOR, contact: JANE });
      expect(reply).toContain('Here is **Lakeshore Manor**');
      expect(reply).toContain("I've passed your question about **Lakeshore Manor** to the team");
      expect(reply).not.toMatch(/name and email/);
      expect(leads).toEqual([
        expect.objectContaining({
          name: 'Jane Doe',
          email: 'jane@example.com',
          question: 'About Lakeshore Manor (/property/lakeshore-manor): Is Lakeshore Manor still available for a showing this weekend?',
        }),
      ]);
    });
  });
});

describe('the lead under the visitor’s own name (issue 39 #1)', () => {
  it('"I\'m Anna-Marie O\'Neil, …, call me about Oakville": her name, her question, and no list nobody asked for', () => {
    const leads: ChatLead[] = [];
    const [, reply] = converse(['Hello', "I'm Anna-Marie O'Neil, anna@example.com, 905-555-0199, call me about Oakville"], leads);
    expect(reply).toContain(
      "Thank you, Anna-Marie! I've passed your question to the team with these details: **Anna-Marie O'Neil**, **anna@example.com**, **905-555-0199**",
    );
    expect(reply).not.toContain('/property/');
    expect(reply).not.toMatch(/available listings/);
    expect(leads).toEqual([
      expect.objectContaining({
        name: "Anna-Marie O'Neil",
        email: 'anna@example.com',
        phone: '905-555-0199',
        question: "I'm Anna-Marie O'Neil, anna@example.com, 905-555-0199, call me about Oakville",
      }),
    ]);
  });

  it('the question is the conversation’s request, not the message before the contact details', () => {
    const leads: ChatLead[] = [];
    converse(['Show me 3 bed homes in Oakville under 2 million', 'Thanks!', 'Jan van der Berg, jan@example.com'], leads);
    expect(leads).toEqual([expect.objectContaining({ name: 'Jan van der Berg', question: 'Show me 3 bed homes in Oakville under 2 million' })]);
  });

  it('words that may not be a name are asked about, and stored once confirmed', () => {
    const leads: ChatLead[] = [];
    const [, ask, stored] = converse(['Do you work with builders?', "i'm anna marie, anna@example.com", 'yes'], leads);
    expect(ask).toContain('Should I note your name as **Anna Marie**?');
    expect(ask).not.toMatch(/Thank you, Anna/);
    expect(stored).toContain('**Anna Marie**, **anna@example.com**');
    expect(leads).toEqual([expect.objectContaining({ name: 'Anna Marie', email: 'anna@example.com', question: 'Do you work with builders?' })]);
  });

  it('a "no" to the name asked about asks for the name, and the name written next is the one stored', () => {
    const leads: ChatLead[] = [];
    const [, ask, again, stored] = converse(['Do you work with builders?', 'My name is Milton, milton@example.com', 'No', 'Milton Friedman'], leads);
    expect(ask).toContain('Should I note your name as **Milton**?');
    expect(again).toMatch(/what is your name/);
    expect(stored).toContain('**Milton Friedman**, **milton@example.com**');
    expect(leads.map((l) => l.name)).toEqual(['Milton Friedman']);
  });
});
