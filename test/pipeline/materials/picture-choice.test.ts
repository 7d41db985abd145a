import { afterEach, describe, expect, it } from 'vitest';
import { createLanguageModel } from '../../../src/pipeline/providers/llm/create-language-model.js';
import type { PlanRequest, StoryPlan, StoryPlanner } from '../../../src/pipeline/providers/provider-types.js';
import {
  applyPictureChoices,
  choosePictures,
  MAX_CANDIDATES,
  pictureAsks,
  pictureCandidates,
  pictureChoicePrompt,
  PictureChoosingPlanner,
  readPictureChoices,
} from '../../../src/pipeline/materials/picture-choice.js';
import { heroPictureFor } from '../../../src/pipeline/materials/picture-search.js';
import { NO_PICTURE, resolvePicture, withScenePictures } from '../../../src/pipeline/materials/scene-pictures.js';
import { startFakeAnthropicServer, startFakeOpenAIServer, type FakeModelServer } from '../../helpers/fake-model-servers.js';

const f = (name: string) => `fluent-emoji-flat:${name}`;

const servers: FakeModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function modelAnswering(...answers: unknown[]) {
  const server = await startFakeOpenAIServer();
  servers.push(server);
  for (const answer of answers) server.enqueue(answer as never);
  const model = await createLanguageModel({ provider: 'openai-compatible', model: 'qwen2.5-coder:32b', baseUrl: server.url, apiKey: undefined }, { maxRetries: 0 });
  return { model, server };
}

/** A safe-lift plan as a capable model writes it, with a picture phrase on the scene and on each node. */
const LIFT = [
  {
    kind: 'flow',
    title: 'Five steps to a safe lift',
    settings: {
      title: 'Five steps to a safe lift',
      nodes: [
        { label: 'Lift the heavy box', picture: 'box' },
        { label: 'Seal it with wax', picture: 'seal' },
        { label: 'Bend your knees', picture: 'squatting worker' },
      ],
    },
  },
  { kind: 'title', title: 'Go home safe', settings: { title: 'Go home safe', picture: 'hard hat' } },
];

describe('the candidates a model chooses among', () => {
  it("puts the search's own pick first, with names and keywords, at most a few", () => {
    const box = pictureCandidates('box', 'Lift the heavy box', 'en');
    expect(box[0]!.id).toBe(f('package'));
    expect(box[0]!.name).toBe('package');
    expect(box[0]!.keywords.length).toBeGreaterThan(0);
    expect(box.length).toBeLessThanOrEqual(MAX_CANDIDATES);
    // The word's other pictures are offered too: the model, reading the line, may still decline them.
    expect(box.map((candidate) => candidate.id)).toContain(f('bento-box'));
    expect(pictureCandidates('nurse', 'We need nurses', 'en')[0]!.id).toBe(f('health-worker'));
    expect(pictureCandidates('zzqxv', 'Nothing here', 'en')).toEqual([]);
  });

  it('shows, for a phrase of several words, the best picture for each word too', () => {
    // The whole phrase finds only a baby's bottle; the milk itself is a glass of milk.
    const ids = pictureCandidates('milk bottle', 'Milk. You will need', 'en').map((candidate) => candidate.id);
    expect(ids).toContain(f('glass-of-milk'));
    expect(ids.length).toBeLessThanOrEqual(MAX_CANDIDATES);
    // A one-word phrase is searched whole only.
    expect(pictureCandidates('milk', 'Milk', 'en').map((candidate) => candidate.id)).toContain(f('glass-of-milk'));
  });

  it('offers the picture the fresh gallery plans asked for where one exists, and none where no set draws it', () => {
    // The phrases the model answered none to (docs/gallery/fresh): their candidates did not show them.
    const offered: [string, string, string, string][] = [
      ['group of people', 'new weekly users. Six months in numbers', 'en', 'busts-in-silhouette'],
      ['office desk', 'Le poste de travail', 'fr', 'desktop-computer'],
      ['desk lamp', 'Bureau allumé. En partant le soir', 'fr', 'light-bulb'],
      ['phone book', 'Servidor DNS. Pregunta y respuesta', 'es', 'card-index'],
      ['oats', "Oats. You'll need", 'en', 'bowl-with-spoon'],
      ['gas boiler', 'Gas- oder Ölkessel. Kessel oder Wärmepumpe', 'de', 'fire'],
      ['porcelain vase', 'Seta e porcellana. Le meraviglie della Cina', 'it', 'amphora'],
      ['safe', "Your own passwords. Why it's worth it", 'en', 'locked'],
      ['water well', 'Grundwasser. Wärme aus der Umgebung', 'de', 'droplet'],
      // Wrong or missing without a model: a champagne bottle, a cardboard box, a parcel, nothing.
      ['milk bottle', "Milk. You'll need", 'en', 'glass-of-milk'],
      ['ballot box', "House vote. A bill's path", 'en', 'ballot-box-with-ballot'],
      ['delivery van', 'Out for delivery. Six steps to your door', 'en', 'delivery-truck'],
      ['berries', 'Top with berries and enjoy. 4 simple steps', 'en', 'blueberries'],
      ['tree sapling', 'trees planted in 2025', 'en', 'seedling'],
    ];
    for (const [phrase, line, language, picture] of offered) {
      const candidates = pictureCandidates(phrase, line, language);
      expect(candidates[0]?.id, phrase).toBe(f(picture));
      expect(resolvePicture(phrase, language, line), phrase).toBe(f(picture));
    }
    // No set draws these: a house is no White House, an office tower no warehouse, a European castle no Chinese palace.
    for (const [phrase, line, language] of [
      ['White House', "President. A bill's path", 'en'],
      ['warehouse', 'Our warehouse. Always in the loop', 'en'],
      ['warehouse shelf', 'Picked. Six steps to your door', 'en'],
      ['palace', 'Corte di Kublai Khan. Le meraviglie della Cina', 'it'],
    ] as const) {
      expect(resolvePicture(phrase, language, line), phrase).toBeUndefined();
      const ids = pictureCandidates(phrase, line, language).map((candidate) => candidate.id);
      expect(ids, phrase).not.toContain(f('office-building'));
      expect(ids, phrase).not.toContain(f('castle'));
    }
    // A word of a name is no van.
    expect(heroPictureFor('Van Gogh', 'en')).toBeUndefined();
  });

  it('asks about every planned phrase with its own line, never about library ids or a declined picture', () => {
    const scenes = [...LIFT, { kind: 'title', title: 'x', settings: { title: 'Done', picture: f('house') } }, { kind: 'title', title: 'y', settings: { title: 'None', picture: NO_PICTURE } }];
    const asks = pictureAsks(scenes, 'en');
    expect(asks.map((ask) => [ask.item, ask.scene, ask.path, ask.phrase])).toEqual([
      [1, 0, ['nodes', 0], 'box'],
      [2, 0, ['nodes', 1], 'seal'],
      [3, 0, ['nodes', 2], 'squatting worker'],
      [4, 1, [], 'hard hat'],
    ]);
    expect(asks[1]!.line).toBe('Seal it with wax. Five steps to a safe lift');
    const prompt = pictureChoicePrompt(asks);
    expect(prompt).toContain('Item 2: "seal" beside "Seal it with wax. Five steps to a safe lift"');
    expect(prompt).toContain(`- ${f('package')}: package (`);
  });
});

describe('the model picks each picture', () => {
  it('sets the chosen ids in one structured call, drops what it declines with a warning, and keeps the search where it names no candidate', async () => {
    const { model, server } = await modelAnswering({
      object: {
        choices: [
          { item: 1, picture: f('package') },
          { item: 2, picture: 'none' },
          { item: 3, picture: 'fluent-emoji-flat:not-a-candidate' },
          { item: 4, picture: f('construction-worker') },
        ],
      },
    });
    const { scenes, warnings } = await choosePictures(model, LIFT, 'en');
    expect(server.requests).toHaveLength(1);
    const body = server.requests[0]!.body as { messages: { role: string; content: string }[]; response_format: { json_schema: { name: string; schema: Record<string, any> } } };
    expect(body.response_format.json_schema.name).toBe('picture_choices');
    // A closed, all-required schema, the form every server and the llama.cpp grammar can satisfy.
    const schema = body.response_format.json_schema.schema;
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.choices.items.additionalProperties).toBe(false);
    expect(schema.properties.choices.items.required).toEqual(['item', 'picture']);
    expect(body.messages.find((message) => message.role === 'system')!.content).toContain('Go by the sense');
    const nodes = scenes[0]!.settings.nodes as { picture?: string }[];
    expect(nodes.map((node) => node.picture)).toEqual([f('package'), NO_PICTURE, 'squatting worker']);
    expect(scenes[1]!.settings.picture).toBe(f('construction-worker'));
    expect(warnings).toEqual([{ code: 'picture_not_found', message: expect.stringContaining('Scene 1 shows no picture for "seal" ("Seal it with wax') }]);
    // The plan given is left as it was.
    expect((LIFT[0]!.settings.nodes as { picture: string }[])[1]!.picture).toBe('seal');

    // The declined node shows its step number: no picture, and no search of its label.
    const pictured = withScenePictures(scenes as never, 'en', 'Safe lifting');
    const shown = (pictured[0]!.settings.nodes as { picture?: string }[]).map((node) => node.picture);
    expect(shown[0]).toBe(f('package'));
    expect(shown[1]).toBeUndefined();
  });

  it('asks a hosted provider the same way (Anthropic, through its forced json tool)', async () => {
    const server = await startFakeAnthropicServer();
    servers.push(server);
    server.enqueue({ object: { choices: [{ item: 1, picture: f('package') }, { item: 2, picture: 'none' }, { item: 3, picture: 'none' }, { item: 4, picture: 'none' }] } });
    const model = await createLanguageModel({ provider: 'anthropic', model: 'claude-test', baseUrl: server.url, apiKey: 'key-0000' }, { maxRetries: 0 });
    const { scenes } = await choosePictures(model, LIFT, 'en');
    expect(server.requests).toHaveLength(1);
    expect((scenes[0]!.settings.nodes as { picture: string }[]).map((node) => node.picture)).toEqual([f('package'), NO_PICTURE, NO_PICTURE]);
  });

  it('makes no call for a plan without picture phrases, and keeps the search when the call fails', async () => {
    const { model, server } = await modelAnswering({ status: 500, message: 'overloaded' });
    const none = await choosePictures(model, [{ kind: 'title', settings: { title: 'Hi' } }], 'en');
    expect(server.requests).toHaveLength(0);
    expect(none.warnings).toEqual([]);
    const failed = await choosePictures(model, LIFT, 'en');
    expect(server.requests).toHaveLength(1);
    expect(failed.warnings.map((warning) => warning.code)).toEqual(['picture_choice_failed']);
    expect((failed.scenes[0]!.settings.nodes as { picture: string }[]).map((node) => node.picture)).toEqual(['box', 'seal', 'squatting worker']);
  });

  it('reads an answer item by item: a candidate, none, or nothing usable', () => {
    const asks = pictureAsks(LIFT, 'en');
    const chosen = readPictureChoices(asks, { choices: [{ item: 1, picture: ` ${f('package')} ` }, { item: 2, picture: '' }, { item: 99, picture: f('seal') }] });
    expect([...chosen]).toEqual([
      [1, f('package')],
      [2, NO_PICTURE],
      [3, undefined],
      [4, undefined],
    ]);
    // A phrase with no candidate at all is not shown, and said so, without asking the model.
    const lonely = pictureAsks([{ settings: { title: 'Odd', picture: 'zzqxv' } }], 'en');
    const applied = applyPictureChoices([{ settings: { title: 'Odd', picture: 'zzqxv' } }], lonely, new Map());
    expect(applied.scenes[0]!.settings.picture).toBe(NO_PICTURE);
    expect(applied.warnings[0]!.code).toBe('picture_not_found');
  });

  it('chooses the pictures of a plan after the planner, its warnings joining the plan’s', async () => {
    const { model } = await modelAnswering({ object: { choices: [{ item: 1, picture: f('package') }, { item: 2, picture: 'none' }, { item: 3, picture: 'none' }, { item: 4, picture: 'none' }] } });
    const inner: StoryPlanner = {
      name: 'model:test',
      plan: async () => ({ title: 'Lift', scenes: LIFT.map((scene) => ({ ...scene, role: 'body', durationSeconds: 4, narration: '' })), warnings: [{ code: 'plan_scene_changed', message: 'x' }] }) as unknown as StoryPlan,
    };
    const details: string[] = [];
    const plan = await new PictureChoosingPlanner(inner, model).plan({ language: 'en' } as PlanRequest, undefined, (detail) => details.push(detail));
    expect(plan.warnings!.map((warning) => warning.code)).toEqual(['plan_scene_changed', 'picture_not_found', 'picture_not_found']);
    expect(details.at(-1)).toContain('Choosing pictures');
    expect((plan.scenes[0]!.settings.nodes as { picture: string }[])[0]!.picture).toBe(f('package'));
  });
});
