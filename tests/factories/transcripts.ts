/**
 * A Microsoft Teams WebVTT export (voice tags, GUID cue ids, an entity), as a rep would attach it,
 * and the text it cleans to (domain/transcripts/clean.ts): read by the cleaner's unit test and by the
 * phone's attach test alike.
 */
export const TEAMS_VTT = `WEBVTT

0f8d2a1e-5c3b-4a7e-9a51-1b2c3d4e5f60/12-0
00:00:03.120 --> 00:00:05.480
<v Dana Ortiz>Thanks for making the time.</v>

0f8d2a1e-5c3b-4a7e-9a51-1b2c3d4e5f60/12-1
00:00:05.480 --> 00:00:09.000
<v Dana Ortiz>I wanted to talk about ramp time.</v>

0f8d2a1e-5c3b-4a7e-9a51-1b2c3d4e5f60/13-0
00:00:09.200 --> 00:00:11.950
<v Sam Lee>Happy to. What does it cost you &amp; the team?</v>
`;

export const TEAMS_VTT_TEXT = 'Dana Ortiz: Thanks for making the time. I wanted to talk about ramp time.\nSam Lee: Happy to. What does it cost you & the team?';
