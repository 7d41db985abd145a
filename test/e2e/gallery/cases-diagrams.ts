import { libraryPicture, sceneFor, type GalleryCase } from './gallery.js';

const picture = (name: string) => libraryPicture(`fluent-emoji-flat:${name}`);

/** Nodes from `[label, picture name, detail?]` rows. */
const nodes = (rows: [string, string, string?][]) => rows.map(([label, name, detail]) => ({ label, picture: picture(name), ...(detail ? { detail } : {}) }));

/**
 * A narration timing as the node stores it in a scene's settings: `text` said from `start` seconds
 * on, a word every `pace` seconds, for cases that render a build timed to the narration.
 */
export function narrationTiming(text: string, start = 0.6, pace = 0.32) {
  const words: { index: number; length: number; start: number }[] = [];
  for (const match of text.matchAll(/\S+/g)) words.push({ index: match.index!, length: match[0].length, start: Number((start + words.length * pace).toFixed(2)) });
  return { text, words, start, end: Number((start + words.length * pace).toFixed(2)) };
}

/** Gallery cases of the kit's diagrams: flows (line, cycle, branch) and hubs with spokes. */
export const DIAGRAMS_CASES: GalleryCase[] = [
  {
    name: 'flow-heat-pump-cycle',
    code: sceneFor('FlowDiagram'),
    settings: {
      title: 'How a heat pump warms your home',
      kicker: 'Heat pumps',
      shape: 'cycle',
      nodes: nodes([
        ['Outdoor air', 'wind-face', 'Holds heat even in frost'],
        ['Refrigerant', 'droplet', 'Soaks it up and boils'],
        ['Compressor', 'gear', 'Squeezes the gas hot'],
        ['Indoor heat', 'house', 'Warms every room'],
      ]),
    },
  },
  {
    name: 'flow-line-three',
    code: sceneFor('FlowDiagram'),
    settings: {
      title: 'From flower to jar',
      nodes: nodes([
        ['Flowers', 'blossom', 'Make sweet nectar'],
        ['Bees', 'honeybee', 'Carry it to the hive'],
        ['Honey', 'honey-pot', 'Ripens in wax cells'],
      ]),
    },
  },
  {
    name: 'flow-line-six-long',
    code: sceneFor('FlowDiagram'),
    settings: {
      title: 'How milk gets from the farm to your breakfast table',
      kicker: 'Supply chain',
      shape: 'line',
      nodes: nodes([
        ['Cows are milked twice a day', 'cow'],
        ['Tankers collect milk from the farms', 'delivery-truck'],
        ['The dairy pasteurises it', 'factory'],
        ['Bottled and kept chilled', 'glass-of-milk'],
        ['Delivered to local shops', 'convenience-store'],
        ['Poured over your morning cereal', 'bowl-with-spoon'],
      ]),
    },
  },
  {
    name: 'flow-branch',
    code: sceneFor('FlowDiagram'),
    settings: {
      title: 'What late-night scrolling does',
      shape: 'branch',
      nodes: nodes([
        ['Screens at bedtime', 'mobile-phone'],
        ['Falling asleep later', 'sleeping-face'],
        ['Tired next morning', 'alarm-clock'],
        ['Weaker focus', 'brain'],
        ['Sugar cravings', 'chocolate-bar'],
      ]),
    },
  },
  {
    name: 'flow-german-cycle',
    code: sceneFor('FlowDiagram'),
    settings: {
      title: 'Der Wasserkreislauf',
      kicker: 'Natur erklärt',
      shape: 'cycle',
      nodes: nodes([
        ['Verdunstung', 'sun', 'Die Sonne erwärmt das Meer'],
        ['Wolkenbildung', 'cloud', 'Wasserdampf kondensiert'],
        ['Niederschlag', 'cloud-with-rain', 'Regen und Schnee fallen'],
        ['Versickerung', 'mountain', 'Grundwasser sammelt sich'],
        ['Rückfluss ins Meer', 'water-wave', 'Flüsse münden ins Meer'],
      ]),
    },
  },
  {
    name: 'flow-no-pictures',
    code: sceneFor('FlowDiagram'),
    settings: {
      title: 'Publishing a blog post',
      shape: 'line',
      nodes: [
        { label: 'Draft', detail: 'Write it all down' },
        { label: 'Feedback', detail: 'Ask two colleagues' },
        { label: 'Revise', detail: 'Cut a third' },
        { label: 'Publish', detail: 'Share it online' },
      ],
    },
  },
  {
    name: 'flow-untitled-bad-input',
    code: sceneFor('FlowDiagram'),
    settings: {
      shape: 'sideways',
      nodes: ['Plant the seed', { label: 'Water it daily', picture: 42 }, null, { label: 'Harvest', detail: 7 }, 'Cook', 'Eat', 'Compost', 'Plant again'],
    },
  },
  {
    name: 'hub-three',
    code: sceneFor('HubSpoke'),
    settings: {
      title: 'Three habits for deep sleep',
      kicker: 'Sleep',
      hub: { label: 'Deep sleep', picture: picture('bed') },
      spokes: nodes([
        ['A dark room', 'crescent-moon'],
        ['Cool air', 'thermometer'],
        ['Same bedtime', 'alarm-clock'],
      ]),
    },
  },
  {
    name: 'hub-six',
    code: sceneFor('HubSpoke'),
    settings: {
      title: 'Where renewable power comes from',
      hub: { label: 'Clean power', picture: picture('high-voltage') },
      spokes: nodes([
        ['Solar', 'sun'],
        ['Wind', 'wind-face'],
        ['Hydropower', 'water-wave'],
        ['Geothermal', 'fire'],
        ['Biomass', 'seedling'],
        ['Battery storage', 'battery'],
      ]),
    },
  },
  {
    name: 'hub-german-no-pictures',
    code: sceneFor('HubSpoke'),
    settings: {
      title: 'Was gutes Homeoffice braucht',
      hub: { label: 'Homeoffice' },
      spokes: [{ label: 'Schnelles Internet' }, { label: 'Ruhiger Arbeitsplatz' }, { label: 'Feste Arbeitszeiten' }, { label: 'Regelmäßige Pausen' }],
    },
  },
  {
    name: 'flow-narrated-camera',
    code: sceneFor('FlowDiagram'),
    settings: {
      title: 'From bean to cup',
      kicker: 'Coffee',
      shape: 'line',
      nodes: nodes([
        ['Harvest', 'seedling'],
        ['Roast', 'fire'],
        ['Grind', 'gear'],
        ['Brew', 'hot-beverage'],
        ['Sip', 'smiling-face-with-smiling-eyes'],
      ]),
      narrationTiming: narrationTiming('Harvest the cherries, roast the beans, grind them fine, brew them hot, then sip.', 0.6, 0.25),
    },
    // Audited once the camera, having followed the nodes, holds the whole flow again.
    durationInFrames: 240,
    settledFrame: 210,
  },
  {
    name: 'hub-narrated',
    code: sceneFor('HubSpoke'),
    settings: {
      title: 'What a plant needs',
      hub: { label: 'A healthy plant', picture: picture('potted-plant') },
      spokes: nodes([
        ['Sunlight', 'sun'],
        ['Water', 'droplet'],
        ['Good soil', 'mountain'],
        ['Fresh air', 'wind-face'],
      ]),
      // The spokes named about a second apart: the camera frames each with the hub as it is named.
      narrationTiming: narrationTiming('A healthy plant needs sunlight on its leaves, water at its roots, good soil and fresh air.', 0.3, 0.3),
    },
    // Audited once the camera, having pushed in on each spoke, holds the whole hub again.
    durationInFrames: 240,
    settledFrame: 210,
  },
  {
    name: 'sequence-tcp-handshake',
    code: sceneFor('SequenceDiagram'),
    settings: {
      title: 'The TCP handshake',
      kicker: 'Networking',
      actors: [
        { label: 'Client', picture: picture('laptop') },
        { label: 'Server', picture: picture('desktop-computer') },
      ],
      messages: [
        { from: 0, to: 1, label: 'SYN' },
        { from: 1, to: 0, label: 'SYN-ACK' },
        { from: 0, to: 1, label: 'ACK' },
      ],
    },
  },
  {
    name: 'sequence-api-narrated',
    code: sceneFor('SequenceDiagram'),
    settings: {
      title: 'What happens when you tap Buy',
      actors: [
        { label: 'Phone app', picture: picture('mobile-phone') },
        { label: 'Shop API', picture: picture('convenience-store') },
        { label: 'Bank', picture: picture('bank') },
        { label: 'Warehouse', picture: picture('package') },
      ],
      messages: [
        { from: 0, to: 1, label: 'Place order' },
        { from: 1, to: 2, label: 'Charge card' },
        { from: 2, to: 1, label: 'Payment approved' },
        { from: 1, to: 3, label: 'Pack the parcel' },
        { from: 1, to: 0, label: 'Order confirmed' },
      ],
      narrationTiming: narrationTiming('The app places your order. The shop charges your card, the bank says payment approved, the warehouse is told to pack the parcel, and your order is confirmed.', 0.4, 0.12),
    },
  },
  {
    name: 'sequence-restaurant-self',
    code: sceneFor('SequenceDiagram'),
    settings: {
      title: 'Your table, from order to plate',
      kicker: 'Service',
      actors: [
        { label: 'Guest', picture: picture('bust-in-silhouette') },
        { label: 'Waiter', picture: picture('office-worker') },
        { label: 'Kitchen', picture: picture('man-cook') },
      ],
      messages: [
        { from: 0, to: 1, label: 'Orders the soup' },
        { from: 1, to: 2, label: 'Passes the ticket' },
        { from: 2, to: 2, label: 'Cooks it fresh' },
        { from: 2, to: 1, label: 'Soup is ready' },
        { from: 1, to: 0, label: 'Serves it hot' },
      ],
    },
  },
  {
    name: 'sequence-eight-no-pictures',
    code: sceneFor('SequenceDiagram'),
    settings: {
      title: 'Logging in with a one-time code',
      actors: ['Browser', 'Login server'],
      messages: [
        { from: 0, to: 1, label: 'Email and password' },
        { from: 1, to: 1, label: 'Check the password' },
        { from: 1, to: 0, label: 'Ask for a code' },
        { from: 0, to: 1, label: 'Six-digit code' },
        { from: 1, to: 1, label: 'Verify the code' },
        { from: 1, to: 0, label: 'Session cookie' },
        { from: 0, to: 1, label: 'Open dashboard' },
        { from: 1, to: 0, label: 'Your dashboard' },
        { from: 0, to: 1, label: 'dropped: a ninth message' },
        { from: 5, to: 1, label: 'dropped: no such actor' },
      ],
    },
  },
];
