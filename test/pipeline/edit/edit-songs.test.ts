import { describe, expect, it } from 'vitest';
import { findEditLinks, readSongClause, songSearch } from '../../../src/pipeline/edit/edit-links.js';

describe('naming a song as the music', () => {
  const cases: [string, { title: string; artist?: string } | undefined][] = [
    ["use the song 'Blue Monday' by New Order as the music", { title: 'Blue Monday', artist: 'New Order' }],
    ['use "Blue Monday" by New Order as the soundtrack', { title: 'Blue Monday', artist: 'New Order' }],
    ['play the track “Clair de Lune” by Debussy', { title: 'Clair de Lune', artist: 'Debussy' }],
    ["make the music 'Take Five' by Dave Brubeck", { title: 'Take Five', artist: 'Dave Brubeck' }],
    ['use the song "Happy Birthday"', { title: 'Happy Birthday' }],
    ["make the title say 'Blue Monday'", undefined],
    ["use 'Lora' as the font", undefined],
    ["replace 'Acme' with 'Globex'", undefined],
  ];
  for (const [clause, song] of cases) it(`reads "${clause}"`, () => expect(readSongClause(clause)).toEqual(song));

  it('searches yt-dlp for the artist and title', () => {
    expect(songSearch({ title: 'Blue Monday', artist: 'New Order' })).toBe('ytsearch1:New Order Blue Monday');
    expect(songSearch({ title: 'Happy Birthday' })).toBe('ytsearch1:Happy Birthday');
  });

  it('takes the song clause out of the instruction as a music link', () => {
    const found = findEditLinks("use the song 'Blue Monday' by New Order as the music and make the title say Hello", 6);
    expect(found.links).toEqual([{ url: 'ytsearch1:New Order Blue Monday', role: 'music', song: { title: 'Blue Monday', artist: 'New Order' }, clause: "use the song 'Blue Monday' by New Order as the music" }]);
    expect(found.instruction).toBe('make the title say Hello');
    expect(findEditLinks("use the song 'Blue Monday' by New Order as the music.", 6).instruction).toBe('');
  });

  it('allows one soundtrack: a song and a music link together are a 400', () => {
    expect(() => findEditLinks("use the song 'Blue Monday' by New Order; use the music https://example.com/a.mp3", 6)).toThrow(/one soundtrack/);
  });
});
