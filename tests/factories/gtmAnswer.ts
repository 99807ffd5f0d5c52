/**
 * A go-to-market plan as a model writes one: about 2,400 words of headings, paragraphs with bold,
 * italics, inline code and links, bullet lists with nested items, a list straight after its lead-in
 * line, numbered steps, wide tables, a fenced code block with a blank line inside, a quote, a rule
 * and (optionally) footnotes. The same text every time: the streaming test and the bench use it.
 */
const SEGMENTS = [
  'Plumbing firms',
  'HVAC contractors',
  'Electricians',
  'Roofers',
  'Landscapers',
  'Pest control',
  'Cleaning crews',
  'Locksmiths',
];

function section(n: number, footnotes: boolean): string {
  const who = SEGMENTS[n % SEGMENTS.length]!;
  const note = footnotes && n % 3 === 1 ? `[^n${n}]` : '';
  return [
    `## ${n + 1}. ${who}: market and motion`,
    '',
    `${who} with **two to twenty vans** answer most job calls from the road, and *every missed call is a lost job*${note}. ` +
      `Our pilot with ${12 + n} firms showed that a rep who follows up within \`15 minutes\` books **three times as many ` +
      `estimates** as one who waits a day. The buyer is the owner, who still dispatches, quotes and chases invoices; ` +
      `the user is the office manager, who lives in the calendar and the phone log. Read the [trade survey](https://example.com/survey/${n}) for the numbers.`,
    '',
    'Key facts:',
    `- Firms in reach: **${(n + 2) * 4_100}** across the first three regions`,
    `- Average ticket: $${310 + n * 15}, with a *repeat rate* of ${40 + n}%`,
    '  - Emergency calls pay 1.8× the standard rate',
    '  - Maintenance plans renew at 72% after the first year',
    `- Decision time: ${n + 3} weeks from first call to signed order`,
    '',
    `### Pricing for ${who.toLowerCase()}`,
    '',
    '| Plan | Price per van | Seats | Calls answered | Notes |',
    '| --- | ---: | :---: | --- | --- |',
    `| Starter | $${29 + n} | 2 | 300 a month | For the **owner-operator** who still drives |`,
    `| Crew | $${49 + n} | 10 | Unlimited | Adds dispatch, \`SMS\` follow-up and the shared inbox |`,
    `| Fleet | $${79 + n} | Unlimited | Unlimited | Adds routing, reports and a named success manager |`,
    '',
    '1. Book the discovery call from the missed-call report',
    '2. Show the *recovered revenue* from their own last month',
    '3. Start a 14-day trial on two vans, then expand to the fleet',
    '',
    ...(n % 2 === 0
      ? [
          '```ts',
          `const recovered = calls.filter((call) => call.missed && call.segment === '${who}');`,
          '',
          'const revenue = recovered.reduce((sum, call) => sum + call.ticket, 0);',
          '```',
          '',
        ]
      : [
          '> The owner buys when the numbers are their own: bring their call log, not an industry average.',
          '',
        ]),
    `The main risk is **seasonal churn**: ${who.toLowerCase()} slow down in winter, so we sell annual plans with two ` +
      'free months and move them to a lighter tier instead of losing them. A referral from the supplier counter ' +
      'closes faster than any ad, so the channel budget favours *trade associations*, supplier counters and ' +
      'the local chamber over paid search, which we keep for the two busiest months only.',
    '',
  ].join('\n');
}

/** The plan's text; `footnotes` adds references in the text and their notes at the end. */
export function gtmAnswer({ footnotes = false } = {}): string {
  const parts = [
    '# Go-to-market plan: Pipewise',
    '',
    'A CRM that **answers every job call** and books the estimate before a competitor does.',
    '',
    '---',
    '',
  ];
  for (let n = 0; n < 7; n++) parts.push(section(n, footnotes));
  parts.push(
    '## Next steps',
    '',
    '- [ ] Sign the first ten pilots',
    '- [x] Price the three plans',
    '- [ ] Hire two reps for the trade shows',
    '',
  );
  if (footnotes) {
    for (let n = 1; n < 7; n += 3)
      parts.push(`[^n${n}]: From the ${SEGMENTS[n]} pilot, ${12 + n} firms over six weeks.`, '');
  }
  return parts.join('\n');
}
