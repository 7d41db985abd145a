import { libraryPicture, sceneFor, type GalleryCase } from './gallery.js';

const picture = (name: string) => libraryPicture(`fluent-emoji-flat:${name}`);

/** Nodes from `[label, picture name, detail?]` rows. */
const nodes = (rows: [string, string, string?][]) => rows.map(([label, name, detail]) => ({ label, picture: picture(name), ...(detail ? { detail } : {}) }));

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
];
