import { resolveVisualLanguage, tokenize, type VisualLanguage } from './visual-text.js';

/** The languages the sense table is written for (Italian words are read with the English stemmer, like the search reads them). */
export type SenseLanguage = VisualLanguage | 'it';

/** One sense of an ambiguous word: the words around it that select it, and the picture it takes. */
export interface WordSense {
  /** Single words that select this sense when the scene's words or the video's title hold them (stemmed like the search). */
  context: readonly string[];
  /** The library id this sense shows; null: the sense has no fitting picture (the word then gives none). */
  picture: string | null;
}

/** A word with several senses in one language, each picturing differently. */
export interface AmbiguousWord {
  /** The word's forms (singular, plural): any of them is the word. */
  words: readonly string[];
  senses: readonly WordSense[];
}

const f = (name: string) => `fluent-emoji-flat:${name}`;

/**
 * Ambiguous words per language, with their senses. Why: the search finds a picture by a word's
 * letters, and a word of two senses takes the one the library holds: a seal (the animal) for "seal
 * it with wax", eyeglasses for "recycle glass", a graduation cap for "cap the honeycomb". The rule
 * (`readSenses`): a listed word shows the picture of the sense its context selects (the most
 * context words present, the first of equals), and no picture at all when no context selects one;
 * the scene then shows what its other words, or the video's subject, would give. Add a word here
 * when the library pictures one of its senses and users write it in another.
 */
export const WORD_SENSES: Record<SenseLanguage, readonly AmbiguousWord[]> = {
  en: [
    { words: ['seal', 'seals'], senses: [
      { context: ['ocean', 'sea', 'beach', 'zoo', 'arctic', 'fish', 'swim', 'swimming', 'pup', 'pups', 'animal', 'animals', 'colony', 'marine', 'wildlife', 'walrus', 'penguin'], picture: f('seal') },
      { context: ['wax', 'jar', 'lid', 'envelope', 'honeycomb', 'airtight', 'container', 'tight', 'package', 'deal', 'approval', 'stamp'], picture: null },
    ] },
    { words: ['glass', 'glasses'], senses: [
      { context: ['sun', 'sunny'], picture: f('sunglasses') },
      { context: ['read', 'reading', 'wear', 'wearing', 'eye', 'eyes', 'sight', 'lens', 'lenses', 'optician', 'vision', 'frame', 'frames', 'nose'], picture: f('glasses') },
      { context: ['wine', 'champagne', 'toast', 'cheers', 'drink', 'drinking'], picture: f('wine-glass') },
      { context: ['milk'], picture: f('glass-of-milk') },
      { context: ['espresso', 'coffee', 'latte', 'cappuccino', 'barista', 'crema', 'tea'], picture: f('hot-beverage') },
      { context: ['water', 'juice', 'lemonade', 'ice', 'whisky', 'whiskey'], picture: f('tumbler-glass') },
      { context: ['recycle', 'recycled', 'recycling', 'bottle', 'bottles'], picture: f('bottle-with-popping-cork') },
      { context: ['jar', 'jars', 'honey', 'jam', 'preserve', 'preserves', 'starter'], picture: f('jar') },
      { context: ['magnifying', 'magnify', 'magnifier', 'zoom', 'inspect', 'bug', 'search', 'detective', 'clue'], picture: f('magnifying-glass-tilted-left') },
      { context: ['window', 'windows', 'pane'], picture: f('window') },
      { context: ['melt', 'melted', 'sand', 'furnace', 'broken', 'shatter', 'shards', 'shard', 'cullet', 'crushed', 'material'], picture: null },
    ] },
    { words: ['light', 'lights'], senses: [
      { context: ['bulb', 'bulbs', 'lamp', 'lamps', 'switch', 'turn', 'off', 'room', 'ceiling', 'led', 'electricity', 'bill', 'energy', 'save', 'saving'], picture: f('light-bulb') },
      { context: ['scatter', 'scattered', 'scatters', 'scattering', 'spectrum', 'prism', 'wavelength', 'wavelengths', 'refract', 'refraction', 'rainbow', 'colours', 'colors'], picture: f('rainbow') },
      { context: ['sun', 'sunlight', 'daylight', 'sunrise', 'dawn', 'photosynthesis', 'solar'], picture: f('sun') },
      { context: ['torch', 'flashlight', 'dark', 'beam'], picture: f('flashlight') },
      { context: ['speed', 'year', 'years', 'photon', 'photons', 'heavy', 'weight', 'backpack', 'bag', 'meal', 'lunch', 'traffic'], picture: null },
    ] },
    { words: ['machine', 'machines'], senses: [
      { context: ['casino', 'gamble', 'gambling', 'jackpot', 'slot', 'slots', 'bet', 'betting'], picture: f('slot-machine') },
      { context: ['espresso', 'coffee', 'latte', 'cappuccino', 'barista'], picture: f('hot-beverage') },
      { context: ['washing', 'laundry', 'wash'], picture: null },
    ] },
    { words: ['hook', 'hooks'], senses: [
      { context: ['fish', 'fishing', 'bait', 'rod', 'catch', 'angler', 'lake', 'worm'], picture: f('fishing-pole') },
      { context: ['song', 'chorus', 'coat', 'wall', 'hang', 'story', 'viewer', 'audience'], picture: null },
    ] },
    { words: ['short', 'shorts'], senses: [
      { context: ['wear', 'wearing', 'pants', 'trousers', 'summer', 'clothes', 'clothing', 'jeans', 'swim', 'gym', 'outfit'], picture: f('shorts') },
    ] },
    { words: ['cap', 'caps'], senses: [
      { context: ['graduation', 'graduate', 'degree', 'university', 'diploma', 'gown'], picture: f('graduation-cap') },
      { context: ['head', 'hat', 'wear', 'wearing', 'sun', 'baseball', 'visor'], picture: f('billed-cap') },
      { context: ['bottle', 'honeycomb', 'wax', 'lid', 'screw', 'jar', 'price', 'spending', 'limit', 'pen'], picture: null },
    ] },
    { words: ['plus'], senses: [
      { context: ['add', 'addition', 'sum', 'math', 'maths', 'minus', 'equals', 'arithmetic'], picture: f('plus') },
    ] },
    { words: ['bat', 'bats'], senses: [
      { context: ['cave', 'night', 'wing', 'wings', 'nocturnal', 'animal', 'animals', 'vampire', 'echolocation', 'insects'], picture: f('bat') },
      { context: ['cricket'], picture: f('cricket-game') },
      { context: ['baseball', 'swing', 'hit', 'ball', 'pitch'], picture: f('baseball') },
    ] },
    { words: ['bank', 'banks'], senses: [
      { context: ['money', 'account', 'loan', 'loans', 'credit', 'savings', 'save', 'deposit', 'interest', 'cash', 'mortgage', 'branch', 'banking', 'transfer'], picture: f('bank') },
      { context: ['river', 'stream', 'lake', 'shore', 'flood', 'blood', 'food', 'seed'], picture: null },
    ] },
    // A safe (the strongbox) beside passwords or valuables is a lock; a safe lift or a safe place is no object.
    { words: ['safe', 'safes'], senses: [
      { context: ['password', 'passwords', 'vault', 'valuables', 'jewellery', 'jewelry', 'combination', 'deposit', 'cash', 'strongbox', 'locked', 'lock', 'credentials', 'secret', 'secrets'], picture: f('locked') },
      { context: ['lift', 'lifting', 'drive', 'driving', 'travel', 'zone', 'place', 'space', 'distance', 'sex', 'food', 'water', 'sound', 'home', 'work'], picture: null },
    ] },
    { words: ['mouse', 'mice'], senses: [
      { context: ['click', 'computer', 'keyboard', 'screen', 'cursor', 'pc', 'scroll', 'laptop', 'desk', 'wireless'], picture: f('computer-mouse') },
      { context: ['cheese', 'cat', 'trap', 'animal', 'rodent', 'pet', 'field', 'tail', 'nest'], picture: f('mouse') },
    ] },
    { words: ['crane', 'cranes'], senses: [
      { context: ['building', 'construction', 'site', 'lift', 'tower', 'build', 'builders'], picture: f('building-construction') },
      { context: ['bird', 'birds', 'wing', 'wings', 'migrate', 'migration', 'wetland', 'neck'], picture: null },
    ] },
    { words: ['spring', 'springs'], senses: [
      { context: ['season', 'flower', 'flowers', 'bloom', 'blossom', 'april', 'march', 'winter', 'summer', 'autumn'], picture: f('cherry-blossom') },
      { context: ['hot', 'thermal', 'bath', 'geyser'], picture: f('hot-springs') },
      { context: ['coil', 'mattress', 'metal', 'bounce', 'mechanism'], picture: null },
    ] },
    { words: ['bark', 'barks'], senses: [
      { context: ['dog', 'dogs', 'puppy', 'loud', 'woof', 'bite', 'neighbour', 'neighbor'], picture: f('dog') },
      { context: ['tree', 'trees', 'trunk', 'wood', 'oak', 'birch', 'forest'], picture: f('wood') },
    ] },
    { words: ['palm', 'palms'], senses: [
      { context: ['tree', 'trees', 'beach', 'coconut', 'island', 'tropical', 'oil', 'dates'], picture: f('palm-tree') },
      { context: ['hand', 'hands', 'finger', 'fingers', 'sweaty', 'reading', 'wrist'], picture: null },
    ] },
    { words: ['pitcher', 'pitchers'], senses: [
      { context: ['baseball', 'throw', 'mound', 'batter', 'inning', 'strike'], picture: f('baseball') },
      { context: ['water', 'milk', 'lemonade', 'pour', 'jug', 'juice', 'beer'], picture: null },
    ] },
    { words: ['jam', 'jams'], senses: [
      { context: ['strawberry', 'fruit', 'toast', 'bread', 'jar', 'spread', 'sugar', 'berry', 'berries', 'breakfast'], picture: f('jar') },
      { context: ['traffic', 'car', 'cars', 'road', 'highway', 'stuck', 'commute'], picture: f('vertical-traffic-light') },
      { context: ['band', 'session', 'music', 'guitar', 'musicians'], picture: f('guitar') },
    ] },
    { words: ['match', 'matches'], senses: [
      { context: ['fire', 'light', 'strike', 'candle', 'burn', 'flame', 'lighter', 'campfire'], picture: f('fire') },
      { context: ['football', 'soccer', 'goal', 'goals', 'stadium', 'referee', 'league'], picture: f('soccer-ball') },
    ] },
    { words: ['letter', 'letters'], senses: [
      { context: ['mail', 'post', 'send', 'sent', 'envelope', 'stamp', 'postman', 'dear', 'mailbox', 'postcard'], picture: f('envelope') },
      { context: ['alphabet', 'word', 'words', 'font', 'spell', 'spelling', 'capital', 'abc', 'vowel', 'vowels'], picture: f('input-latin-letters') },
    ] },
    { words: ['tank', 'tanks'], senses: [
      { context: ['fish', 'aquarium', 'goldfish'], picture: f('tropical-fish') },
      { context: ['fuel', 'gas', 'petrol', 'diesel', 'refuel'], picture: f('fuel-pump') },
      { context: ['army', 'war', 'military', 'soldier', 'soldiers', 'think', 'water', 'septic'], picture: null },
    ] },
    { words: ['fan', 'fans'], senses: [
      { context: ['cool', 'cooling', 'air', 'hot', 'breeze', 'summer', 'ceiling', 'electric', 'heat'], picture: f('folding-hand-fan') },
      { context: ['club', 'team', 'sport', 'football', 'concert', 'crowd', 'cheer', 'band', 'star', 'stadium', 'wings'], picture: null },
    ] },
    // Notes: music's, or a taste's ("four flavour notes"), or a written one.
    { words: ['note', 'notes'], senses: [
      { context: ['music', 'musical', 'song', 'melody', 'piano', 'sing', 'singing', 'play', 'chord', 'scale'], picture: f('musical-note') },
      { context: ['write', 'written', 'take', 'taking', 'notebook', 'meeting', 'remember', 'sticky', 'paper'], picture: f('memo') },
      { context: ['flavour', 'flavor', 'flavours', 'flavors', 'taste', 'tasting', 'aroma', 'coffee', 'wine', 'fruity', 'cup'], picture: null },
    ] },
    // The heart: the organ that beats, or love and care; "at the heart of" is neither.
    { words: ['heart', 'hearts'], senses: [
      { context: ['blood', 'beat', 'beats', 'beating', 'pump', 'pumps', 'organ', 'lungs', 'pulse', 'body', 'cardiac', 'attack', 'artery', 'arteries', 'muscle', 'oxygen'], picture: f('anatomical-heart') },
      { context: ['love', 'care', 'caring', 'kindness', 'thank', 'thanks', 'patients', 'passion', 'valentine', 'kind'], picture: f('red-heart') },
    ] },
    { words: ['key', 'keys'], senses: [
      { context: ['door', 'lock', 'unlock', 'house', 'car', 'keychain', 'locked', 'spare'], picture: f('key') },
      { context: ['keyboard', 'piano', 'type', 'press', 'points', 'figures', 'takeaway', 'factor', 'role'], picture: null },
    ] },
  ],
  de: [
    { words: ['Herz', 'Herzen'], senses: [
      { context: ['Blut', 'schlägt', 'schlagen', 'pumpt', 'pumpen', 'Organ', 'Puls', 'Körper', 'Lunge', 'Muskel', 'Sauerstoff', 'Herzinfarkt'], picture: f('anatomical-heart') },
      { context: ['Liebe', 'lieben', 'Dank', 'danke', 'Pflege', 'Fürsorge', 'Leidenschaft'], picture: f('red-heart') },
    ] },
    { words: ['Tor', 'Tore'], senses: [
      { context: ['Fußball', 'Spiel', 'schießen', 'Torwart', 'Elfmeter', 'Mannschaft', 'Stadion'], picture: f('goal-net') },
      { context: ['Stadt', 'Brandenburger', 'Burg', 'Garten', 'Einfahrt', 'Tür'], picture: null },
    ] },
    { words: ['Bank', 'Banken', 'Bänke'], senses: [
      { context: ['Geld', 'Konto', 'Kredit', 'Sparen', 'Zinsen', 'Überweisung', 'Filiale', 'Darlehen', 'Bargeld'], picture: f('bank') },
      { context: ['Park', 'sitzen', 'Garten', 'Holz', 'Platz'], picture: null },
    ] },
    { words: ['Schloss', 'Schlösser'], senses: [
      { context: ['König', 'Königin', 'Burg', 'Ritter', 'Märchen', 'Turm', 'Prinzessin', 'Besichtigung', 'Fürst'], picture: f('castle') },
      { context: ['Tür', 'Schlüssel', 'abschließen', 'Fahrrad', 'Zahlen', 'Sicherheit'], picture: f('locked') },
    ] },
    { words: ['Birne', 'Birnen'], senses: [
      { context: ['Obst', 'essen', 'Frucht', 'Früchte', 'reif', 'Baum', 'Apfel', 'Saft', 'Kuchen'], picture: f('pear') },
      { context: ['Lampe', 'Licht', 'Glühbirne', 'wechseln', 'Watt', 'LED', 'Fassung'], picture: f('light-bulb') },
    ] },
    { words: ['Kiefer', 'Kiefern'], senses: [
      { context: ['Wald', 'Baum', 'Bäume', 'Nadel', 'Nadeln', 'Holz', 'Zapfen'], picture: f('evergreen-tree') },
      { context: ['Zahn', 'Zähne', 'Mund', 'Zahnarzt', 'Gesicht', 'Knochen', 'Schmerzen'], picture: null },
    ] },
    { words: ['Maus', 'Mäuse'], senses: [
      { context: ['Computer', 'Klick', 'klicken', 'Tastatur', 'Bildschirm', 'Laptop', 'PC'], picture: f('computer-mouse') },
      { context: ['Käse', 'Katze', 'Falle', 'Tier', 'Tiere', 'Nager', 'Schwanz'], picture: f('mouse') },
    ] },
    { words: ['Glas', 'Gläser'], senses: [
      { context: ['Altglas', 'Recycling', 'recyceln', 'Flasche', 'Flaschen', 'Container'], picture: f('bottle-with-popping-cork') },
      { context: ['Wein', 'Sekt', 'trinken', 'anstoßen', 'Prost'], picture: f('wine-glass') },
      { context: ['Honig', 'Marmelade', 'Deckel'], picture: f('jar') },
    ] },
    { words: ['Leiter'], senses: [
      { context: ['Stufe', 'Sprosse', 'klettern', 'Dach', 'steigen', 'Sprossen'], picture: f('ladder') },
      { context: ['Team', 'Firma', 'Abteilung', 'Projekt', 'Schule', 'Chef'], picture: null },
    ] },
  ],
  fr: [
    { words: ['cœur', 'cœurs', 'coeur', 'coeurs'], senses: [
      { context: ['sang', 'bat', 'battre', 'battement', 'pompe', 'organe', 'pouls', 'corps', 'poumons', 'muscle', 'oxygène'], picture: f('anatomical-heart') },
      { context: ['amour', 'aimer', 'merci', 'soin', 'soins', 'passion'], picture: f('red-heart') },
    ] },
    { words: ['verre', 'verres'], senses: [
      { context: ['recycler', 'recyclage', 'recyclé', 'bouteille', 'bouteilles', 'bocal', 'bocaux', 'tri'], picture: f('bottle-with-popping-cork') },
      { context: ['vin', 'boire', 'champagne', 'trinquer', 'santé'], picture: f('wine-glass') },
      { context: ['lait'], picture: f('glass-of-milk') },
      { context: ['fenêtre', 'vitre', 'fondre', 'sable', 'four', 'cassé'], picture: null },
    ] },
    { words: ['lunettes'], senses: [
      { context: ['soleil'], picture: f('sunglasses') },
      { context: ['lire', 'lecture', 'vue', 'porter', 'yeux', 'opticien', 'myope', 'verres'], picture: f('glasses') },
      { context: ['ski', 'natation', 'piscine', 'plongée', 'protection', 'chantier'], picture: f('goggles') },
      { context: ['astronomique', 'étoiles', 'ciel', 'toilettes'], picture: null },
    ] },
    { words: ['avocat', 'avocats'], senses: [
      { context: ['manger', 'guacamole', 'fruit', 'fruits', 'toast', 'mûr', 'salade', 'noyau'], picture: f('avocado') },
      { context: ['tribunal', 'juge', 'droit', 'procès', 'client', 'cabinet', 'plaidoirie', 'justice'], picture: null },
    ] },
    { words: ['souris'], senses: [
      { context: ['ordinateur', 'clic', 'cliquer', 'clavier', 'écran', 'curseur'], picture: f('computer-mouse') },
      { context: ['fromage', 'chat', 'piège', 'animal', 'rongeur', 'queue'], picture: f('mouse') },
    ] },
    { words: ['pêche', 'pêches'], senses: [
      { context: ['fruit', 'fruits', 'manger', 'confiture', 'arbre', 'jus', 'mûre', 'été'], picture: f('peach') },
      { context: ['poisson', 'poissons', 'canne', 'pêcheur', 'lac', 'mer', 'rivière', 'appât'], picture: f('fishing-pole') },
    ] },
    { words: ['plus'], senses: [
      { context: ['addition', 'additionner', 'moins', 'égal', 'somme', 'calcul'], picture: f('plus') },
    ] },
    { words: ['lettre', 'lettres'], senses: [
      { context: ['courrier', 'poste', 'envoyer', 'enveloppe', 'timbre', 'facteur', 'boîte'], picture: f('envelope') },
      { context: ['alphabet', 'mot', 'mots', 'police', 'majuscule', 'voyelle', 'épeler'], picture: f('input-latin-letters') },
    ] },
  ],
  es: [
    { words: ['corazón', 'corazones'], senses: [
      { context: ['sangre', 'bombea', 'bombear', 'late', 'latir', 'latido', 'órgano', 'pulso', 'cuerpo', 'pulmones', 'músculo', 'oxígeno'], picture: f('anatomical-heart') },
      { context: ['amor', 'amar', 'gracias', 'cuidado', 'cuidar', 'pasión'], picture: f('red-heart') },
    ] },
    { words: ['banco', 'bancos'], senses: [
      { context: ['dinero', 'cuenta', 'préstamo', 'crédito', 'ahorro', 'ahorros', 'interés', 'hipoteca', 'sucursal', 'transferencia'], picture: f('bank') },
      { context: ['parque', 'sentarse', 'plaza', 'madera', 'peces', 'jardín'], picture: null },
    ] },
    { words: ['gato', 'gatos'], senses: [
      { context: ['mascota', 'maullar', 'maúlla', 'ratón', 'animal', 'leche', 'pelo', 'cuidar', 'gatito', 'veterinario'], picture: f('cat') },
      { context: ['coche', 'rueda', 'neumático', 'levantar', 'pinchazo'], picture: null },
    ] },
    { words: ['muñeca', 'muñecas'], senses: [
      { context: ['jugar', 'juguete', 'juguetes', 'niña', 'regalo', 'porcelana'], picture: f('nesting-dolls') },
      { context: ['mano', 'reloj', 'brazo', 'dolor', 'pulsera', 'esguince'], picture: null },
    ] },
    { words: ['ratón', 'ratones'], senses: [
      { context: ['ordenador', 'computadora', 'clic', 'teclado', 'pantalla', 'cursor'], picture: f('computer-mouse') },
      { context: ['queso', 'gato', 'trampa', 'animal', 'roedor', 'cola'], picture: f('mouse') },
    ] },
    { words: ['llave', 'llaves'], senses: [
      { context: ['puerta', 'cerradura', 'casa', 'abrir', 'coche', 'llavero'], picture: f('key') },
      { context: ['tuerca', 'tornillo', 'herramienta', 'inglesa', 'grifo', 'agua'], picture: null },
    ] },
    // "Más" finds the plus sign by CLDR's Spanish keyword: "más de 12 horas" is no sum.
    { words: ['más'], senses: [
      { context: ['suma', 'sumar', 'menos', 'igual', 'matemáticas', 'resta'], picture: f('plus') },
    ] },
    { words: ['carta', 'cartas'], senses: [
      { context: ['sobre', 'correo', 'enviar', 'escribir', 'sello', 'cartero', 'buzón'], picture: f('envelope') },
      { context: ['restaurante', 'menú', 'baraja', 'póker', 'juego', 'naipes'], picture: null },
    ] },
  ],
  it: [
    { words: ['pesca', 'pesche'], senses: [
      { context: ['frutta', 'mangiare', 'succo', 'albero', 'dolce', 'estate', 'marmellata', 'matura'], picture: f('peach') },
      { context: ['pesce', 'pesci', 'canna', 'mare', 'lago', 'pescare', 'amo', 'pescatore', 'fiume'], picture: f('fishing-pole') },
    ] },
    { words: ['riso'], senses: [
      { context: ['cucinare', 'piatto', 'risotto', 'chicchi', 'cuocere', 'bollire', 'sushi', 'cereali'], picture: f('cooked-rice') },
      { context: ['ridere', 'sorriso', 'gioia', 'battuta', 'risata', 'allegria'], picture: null },
    ] },
    { words: ['calcio'], senses: [
      { context: ['partita', 'squadra', 'gol', 'pallone', 'giocare', 'stadio', 'campionato'], picture: f('soccer-ball') },
      { context: ['ossa', 'latte', 'minerale', 'dieta', 'vitamina'], picture: null },
    ] },
    { words: ['più'], senses: [
      { context: ['somma', 'addizione', 'meno', 'uguale', 'matematica'], picture: f('plus') },
    ] },
  ],
};

/** The sense table's language for a request language ('de-AT' -> 'de'); English where the table has none. */
export function senseLanguage(language: string): SenseLanguage {
  const primary = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return primary === 'it' ? 'it' : resolveVisualLanguage(primary);
}

/** The stem of one word, or undefined when it has none (a stop word) or reads as several. */
function stemOf(word: string, tongue: VisualLanguage): string | undefined {
  const stems = tokenize(word, tongue);
  return stems.length === 1 ? stems[0] : undefined;
}

const indexes = new Map<SenseLanguage, Map<string, AmbiguousWord>>();

/** The table's words of a language by stem. */
function senseIndex(language: SenseLanguage): Map<string, AmbiguousWord> {
  let index = indexes.get(language);
  if (!index) {
    index = new Map();
    const tongue = resolveVisualLanguage(language);
    for (const entry of WORD_SENSES[language]) for (const word of entry.words) {
      const stem = stemOf(word, tongue);
      if (stem) index.set(stem, entry);
    }
    indexes.set(language, index);
  }
  return index;
}

/** What a text's ambiguous words say: the text with each of them replaced by a comma (which ends a run of words), and the pictures their selected senses take, in order. */
export interface SenseReading {
  rest: string;
  pictures: string[];
  /** Whether an ambiguous word's context selected a sense that has no picture ("seal" beside "wax"). */
  pictureless?: boolean;
  /** Whether an ambiguous word's context selected no sense at all. */
  undecided?: boolean;
}

/**
 * A text read for the table's ambiguous words in the request's language: each one's sense is the
 * one whose context words the text or `context` (the scene's other words, the video's title) hold
 * most, the first of equals; a word whose context selects no sense takes no picture. Every
 * ambiguous word leaves the text, so the search never reads it by its letters.
 */
export function readSenses(text: string, language: string, context = ''): SenseReading {
  const table = senseLanguage(language);
  const tongue = resolveVisualLanguage(language);
  const index = senseIndex(table);
  const pictures: string[] = [];
  let pictureless = false;
  let undecided = false;
  let around: Set<string> | undefined;
  let own: Set<string> | undefined;
  const parts = text.split(/([^\p{L}\p{N}]+)/u);
  for (let i = 0; i < parts.length; i += 2) {
    const stem = stemOf(parts[i]!, tongue);
    const entry = stem === undefined ? undefined : index.get(stem);
    if (!entry) continue;
    around ??= new Set(tokenize(`${text} ${context}`, tongue));
    own ??= new Set(tokenize(text, tongue));
    let best: WordSense | undefined;
    let bestCount = 0;
    for (const sense of entry.senses) {
      // A word of the text itself counts twice a word around it: "Glass is melted" in a video on
      // recycling glass is the material being melted.
      const count = sense.context.reduce((sum, word) => {
        const contextStem = stemOf(word, tongue);
        return contextStem === undefined ? sum : sum + (own!.has(contextStem) ? 2 : around!.has(contextStem) ? 1 : 0);
      }, 0);
      if (count > bestCount) [best, bestCount] = [sense, count];
    }
    if (best?.picture && !pictures.includes(best.picture)) pictures.push(best.picture);
    if (best && !best.picture) pictureless = true;
    if (!best) undecided = true;
    parts[i] = ',';
  }
  return { rest: parts.join(''), pictures, ...(pictureless ? { pictureless } : {}), ...(undecided ? { undecided } : {}) };
}
