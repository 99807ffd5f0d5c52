import { describe, expect, it } from 'vitest';
import { lookUpSubject, researchAsk } from './ask';

describe('a chat message asking for research', () => {
  it.each([
    ['Research Freightly before my call', 'Freightly'],
    ['research Freightly', 'Freightly'],
    ['Please look up Dana Ortiz at Freightly.', 'Dana Ortiz at Freightly'],
    ['Can you look into Globex ahead of tomorrow’s demo?', 'Globex'],
    ['Find out about Acme Logistics for my meeting', 'Acme Logistics'],
    ['dig into the company Initech today', 'Initech'],
  ])('%s researches %s', (text, subject) => {
    expect(researchAsk(text)).toBe(subject);
  });

  it.each([
    'How should I price a B2B analytics tool?',
    'I did research on Freightly yesterday',
    'Research shows our churn is 5%',
    'Research says reps hate long emails.',
    'Research',
    'research x',
    `Research ${'a'.repeat(500)}`,
  ])('%j asks no research', (text) => {
    expect(researchAsk(text)).toBeNull();
  });
});

describe('whom a flow answer names to look up', () => {
  it.each([
    ['Dana Ortiz, VP Sales at Freightly. Just raised a Series B.', 'Freightly'],
    ['dana@freightly.com', 'Freightly'],
    ['Dana Ortiz', 'Dana Ortiz'],
    ['', undefined],
    ['someone in logistics', undefined],
  ])('%j → %j', (answer, subject) => {
    expect(lookUpSubject(answer, 'recipient')).toBe(subject);
  });

  it.each([
    ['Gong, Chorus and spreadsheets', 'Gong'],
    ['Mostly Salesforce Sales Cloud or HubSpot.', 'Salesforce Sales Cloud'],
    ['vs. Chorus.ai', 'Chorus.ai'],
    ['spreadsheets and email', undefined],
    ['Spreadsheets and Gong', undefined],
    ['We lose to Gong', undefined],
    ['Status quo', undefined],
    ['The status quo: they do nothing, or hire another SDR to cover it all', undefined],
    ['', undefined],
  ])('competitors %j → %j', (answer, subject) => {
    expect(lookUpSubject(answer, 'competitor')).toBe(subject);
  });
});
