import { describe, expect, it } from 'vitest';
import { castOf, MAX_CAST, readCastChanges } from '../../../src/pipeline/review/cast.js';
import { ServiceError } from '../../../src/errors/service-error.js';

const story = {
  prompt: 'Meet Mara, a lighthouse keeper on a stormy island, and her dog Juno.',
  title: 'The keeper of the light',
  scenes: ['Mara climbs the tower every night.', 'Juno watches the sea from the rocks.', 'Mara lights the lamp. Juno barks at the boats.', 'The boats come home. Monday begins.'],
  images: [],
};

describe('castOf', () => {
  it('finds the names that recur, most present first, with the first sentence about each as its look', () => {
    expect(castOf(story)).toEqual([
      { name: 'Mara', look: 'Meet Mara, a lighthouse keeper on a stormy island, and her dog Juno.' },
      { name: 'Juno', look: 'Meet Mara, a lighthouse keeper on a stormy island, and her dog Juno.' },
    ]);
  });

  it('skips sentence starts and names said once; with no one recurring, the subject is the title', () => {
    const cast = castOf({ prompt: 'Explain how tides work.', title: 'How tides work', scenes: ['The moon pulls the oceans.', 'Two high tides pass each day.', 'Tomorrow, Paris sees one.'], images: [] });
    expect(cast).toEqual([{ name: 'How tides work', look: 'Explain how tides work.' }]);
  });

  it('gives a member the attached image said to show it, or the one image when there is one subject', () => {
    const cast = castOf({ ...story, images: [{ asset: 'img-0', context: 'my dog Juno on the rocks' }, { asset: 'img-1' }] });
    expect(cast.find((member) => member.name === 'Juno')?.image).toBe('img-0');
    expect(cast.find((member) => member.name === 'Mara')?.image).toBeUndefined();
    expect(castOf({ prompt: 'A day at sea.', title: 'A day at sea', scenes: ['Waves.', 'Wind.'], images: [{ asset: 'img-0' }] })[0]?.image).toBe('img-0');
  });

  it('takes only words capitalized inside a sentence somewhere as names, not sentence starts that recur', () => {
    const cast = castOf({ prompt: 'A lighthouse keeper called Mara.', title: 'Mara', scenes: ['Film about Mara and the sea.', 'Film crews love Mara.', 'Lighthouses guide boats.', 'Lighthouses stand tall.'], images: [] });
    expect(cast.map((member) => member.name)).toEqual(['Mara']);
  });

  it('keeps at most four', () => {
    const names = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay'];
    const scenes = [names.join(' and ') + ' meet.', names.join(' and ') + ' part.'];
    expect(castOf({ prompt: '', title: 't', scenes, images: [] })).toHaveLength(MAX_CAST);
  });
});

describe('readCastChanges', () => {
  const cast = [
    { name: 'Mara', look: 'a lighthouse keeper', image: 'img-0' },
    { name: 'Juno', look: 'a dog', portrait: 'made-1' },
  ];

  it('"Name: look" gives a new look and redraws only that sheet; an attached picture stays, a made portrait goes', () => {
    const change = readCastChanges('Juno: a grey wolfhound with a red collar', cast);
    expect(change.cast).toEqual([cast[0], { name: 'Juno', look: 'a grey wolfhound with a red collar' }]);
    expect(change.redraw).toEqual(['Juno']);
    expect(readCastChanges('Mara: short grey hair', cast).cast[0]).toEqual({ name: 'Mara', look: 'short grey hair', image: 'img-0' });
  });

  it('adds a clause that names a member to its look, and reads rename, remove and add', () => {
    const change = readCastChanges('make Mara older. Rename Juno to Pip; add Tom: a fisherman in a yellow coat', cast);
    expect(change.cast.map((member) => [member.name, member.look])).toEqual([
      ['Mara', 'a lighthouse keeper; make Mara older'],
      ['Pip', 'a dog'],
      ['Tom', 'a fisherman in a yellow coat'],
    ]);
    expect(change.redraw.sort()).toEqual(['Mara', 'Pip', 'Tom']);
    expect(readCastChanges('remove Juno', cast).cast.map((member) => member.name)).toEqual(['Mara']);
  });

  it('applies an unnamed clause to the only member', () => {
    expect(readCastChanges('older, with a lantern', [cast[0]!]).cast[0]!.look).toBe('a lighthouse keeper; older, with a lantern');
  });

  it('refuses a clause that names no one, an empty change, and a change that leaves no cast, with what to say', () => {
    const refusal = (changes: string, members = cast) => {
      try {
        readCastChanges(changes, members);
      } catch (error) {
        expect(error).toBeInstanceOf(ServiceError);
        return (error as ServiceError).message;
      }
      throw new Error('no refusal');
    };
    expect(refusal('make it more dramatic')).toMatch(/names no cast member; start it with one of Mara, Juno/);
    expect(refusal(' ; ')).toMatch(/say what to change/);
    expect(refusal('remove Mara', [cast[0]!])).toMatch(/would leave no cast/);
  });
});
