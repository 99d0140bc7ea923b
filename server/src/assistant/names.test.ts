import { readBareName, readName } from './names';
import { parseIntent } from './intent';

/** Issue 39 #1: names as visitors write them, and what is read from each. */
const SURE: [message: string, name: string][] = [
  ["I'm Anna-Marie O'Neil, anna@example.com, 905-555-0199, call me about Oakville", "Anna-Marie O'Neil"],
  ['My name is Jan van der Berg, jan@example.com', 'Jan van der Berg'],
  ['my name is maria de la cruz', 'Maria de la Cruz'],
  ['This is Ludwig von Mises, please call me about Milton', 'Ludwig von Mises'],
  ['I am Mary Anne Smith and I want to sell', 'Mary Anne Smith'],
  ['Hi, this is José Álvarez. Could someone call me?', 'José Álvarez'],
  ['My name is Nguyễn Văn An', 'Nguyễn Văn An'],
  ['I’m Łucja Żak, lucja@example.com', 'Łucja Żak'],
  ['my name is søren kierkegaard', 'Søren Kierkegaard'],
  ["I'm Siobhán Ní Bhriain", 'Siobhán Ní Bhriain'],
  ['This is Fatima al-Sayed, fatima@example.com', 'Fatima al-Sayed'],
  ["my name is d'angelo o'brien", "D'Angelo O'Brien"],
  ['My name is 李明, liming@example.com', '李明'],
  ['I am Zoë Ng', 'Zoë Ng'],
  ['Jane Doe, jane@example.com', 'Jane Doe'],
  ['Sure, Anna-Marie O’Neil anna@example.com', 'Anna-Marie O’Neil'],
  ['Hello, I am interested in Oakville. My name is Priya Patel', 'Priya Patel'],
  ['call me Bob, bob@example.com', 'Bob'],
  ['My name is J. R. Tolkien', 'J. R. Tolkien'],
  ['Regards, Jean-Luc Picard', 'Jean-Luc Picard'],
];

/** Words that may be a name: asked about, never stored as a guess. */
const TO_CONFIRM: [message: string, name: string][] = [
  ["i'm anna marie, anna@example.com", 'Anna Marie'],
  ['My name is Milton', 'Milton'],
  ['my name is John Paul George Ringo Starr', 'John Paul George Ringo'],
];

/** No name at all. */
const NONE: string[] = [
  'call me about Oakville, anna@example.com',
  'Please call me at 905-555-0199',
  "I'm looking for a condo",
  'i am interested in Oakville',
  "It's About time",
  'About my question: pat@example.com',
  'Thank you about@example.com',
  'I am in Burlington, sam@example.com',
  'call me anytime, sam@example.com',
  'This is a question about Milton',
];

describe('reading a name (issue 39 #1)', () => {
  it.each(SURE)('%s → %s', (message, name) => {
    expect(readName(message)).toEqual({ name, sure: true });
    expect(parseIntent(message).name).toBe(name);
  });

  it.each(TO_CONFIRM)('%s → ask "%s?"', (message, name) => {
    expect(readName(message)).toEqual({ name, sure: false });
    expect(parseIntent(message).name).toBeUndefined();
    expect(parseIntent(message).nameToConfirm).toBe(name);
  });

  it.each(NONE)('%s → no name', (message) => {
    expect(readName(message)).toBeUndefined();
  });

  it('a message that is only a name, in any letters', () => {
    expect(readBareName("mary-kate o'neil.")?.name).toBe("Mary-Kate O'Neil");
    expect(readBareName('Jan van der Berg')?.name).toBe('Jan van der Berg');
    expect(readBareName('Nguyễn Văn An')?.name).toBe('Nguyễn Văn An');
    expect(readBareName('Thank you')).toBeUndefined();
    expect(readBareName('No thanks')).toBeUndefined();
    expect(readBareName('Sure')).toBeUndefined();
  });
});
