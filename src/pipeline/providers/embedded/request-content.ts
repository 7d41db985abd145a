// Reads what a prompt is about, apart from how it asks for the video. People write requests, not
// content: "Explain how a heat pump works", "A 4:5 ad for a running shoe, please, just music",
// "Mach ein kurzes Video über unsere neue App, mit Untertiteln". Without a language model the
// embedded planner may show only the prompt's own words, so it must first take away the request's
// framing (instruction verbs, the video as the object of the request, shape, length, sound,
// captions, attachments, politeness, audience, tone) in English, German, French, Spanish and Italian,
// keeping the language. Only a sentence that asks for something is stripped: a sentence that states
// content ("Luego se hornea a 230 grados durante 40 minutos") is kept whole.
import { sentences as splitSentences } from '../../../documents/stated-figures.js';

/** What a prompt is about, without the request around it. */
export interface RequestContent {
  /** The subject, from the first sentence: "How a heat pump works". Empty when the prompt says only how to make the video. */
  subject: string;
  /** The content sentences, cleaned, in order; the first one holds the subject. */
  sentences: string[];
  /** What the prompt asks viewers to do ("Visit acme.com", "Jetzt bestellen"), in its words, if it names an action. */
  action?: string;
  /**
   * The sentences that state content rather than ask for a video, in order, whole: "The moon pulls
   * the oceans." of "Explain how tides work. The moon pulls the oceans." Empty for a prompt that
   * only asks (an instruction with a topic, whatever its format, audience, tone or length words).
   */
  stated: string[];
  /** The items a request lists after a colon ("…for new hires: day one, tools, who to ask"), when it lists two or more. */
  listed: string[];
}

const W = String.raw`[\p{L}\p{N}'’&-]`;

/** The video as the object of a request ("a short teaser", "ein kurzes Video", "une vidéo courte", "un anuncio"). */
const NOUNS = String.raw`videos?|vids?|tiktoks?|infographics?|infografik(?:en)?|infographies?|infograf[ií]as?|clips?|films?|movies?|documentar(?:y|ies)|películas?|ads?|adverts?|advertisements?|commercials?|promos?|teasers?|trailers?|stings?|idents?|reels?|shorts|explainers?|animations?|slideshows?|spots?|bumpers?|intros?|outros?|montages?|kurzvideos?|erklärvideos?|werbevideos?|werbespots?|imagefilms?|vidéos?|pubs?|publicités?|bandes?-annonces?|capsules?|vídeos?|anuncios?|tráilers?|animaci(?:ón|ones)|cortos?|announcements?|ankündigungen?|annonces?|anuncios?|filmati?|filmini?|cortometraggi?o?|annunci?o?|presentations?|präsentation(?:en)?|présentations?|presentaci(?:ón|ones)|presentazion[ei]|tutorials?|tutoriels?|tutoriales|something`;

/** Words that only say what kind of video: "vertical", "30-second", "logo", "kurzes", "courte", "corto". */
const MODIFIERS = new Set(
  (
    'short quick brief simple fun animated vertical horizontal square portrait landscape widescreen explainer promo promotional launch marketing social ' +
    'social-media tiktok youtube instagram insta ig linkedin facebook logo brand branded product motion kinetic typography cinematic engaging catchy punchy ' +
    'little nice cool professional looping silent hd 4k teaser video clip post posts feed story stories ' +
    'kurz kurze kurzes kurzen kleines kleinen schnelles animiertes animierten vertikales vertikalen hochkant quadratisches erklär werbe produkt ' +
    'court courte courts petite petit rapide animée animé verticale carrée promotionnelle explicative explicatif publicitaire produit ' +
    'corta corto breve rápido rápida animado animada cuadrado cuadrada promocional explicativo explicativa publicitario ' +
    'breve brevi veloce animato animata verticale quadrato quadrata promozionale esplicativo esplicativa pubblicitario pubblicitaria ' +
    // Tone: "an upbeat announcement", "ein lustiges Video", "une vidéo drôle", "un vídeo divertido", "un video divertente".
    'narrated captioned subtitled upbeat fun funny playful energetic cheerful friendly calm serious dramatic inspiring exciting lively casual formal happy ' +
    'lustig lustige lustiges lustigen fröhlich fröhliche fröhliches witzig witziges lockeres spannendes ' +
    'and und et y e machen erstellen drehen produzieren gestalten ' +
    'serious sérieuse sérieux seria serio seriös seriöses sympa sympathique cute ' +
    'drôle amusante amusant ludique dynamique joyeuse joyeux divertido divertida alegre dinámico dinámica divertente allegro allegra vivace simpatico simpatica carino carina'
  ).split(' '),
);

/** Articles and possessives a request puts before the video it asks for. */
const ARTICLE = String.raw`(?:a|an|the|one|some|ein|eine|einen|einem|un|une|una|le|la|el|uno|il|lo|l')`;

/** Prepositions that join the video to its subject ("video for", "Video über", "vidéo sur", "video sobre"). */
const JOINS = String.raw`pour expliquer|pour montrer|para explicar|para mostrar|per spiegare|per mostrare|to explain|to show|das erklärt|das zeigt|der erklärt|die erklärt|qui explique|qui montre|que explique|que explica|que muestra|che spiega|che mostra|which explains|which shows|about|on|of|for|introducing|explaining|showing|covering|that (?:explains?|shows?|covers?)|to explain|to show|über|zu|zum|zur|für|von|sur|de|du|des|pour|à propos de|qui explique|expliquant|présentant|sobre|para|acerca de|del|que explique|explicando|mostrando|su|sul|sulla|sullo|sui|sugli|sulle|di|della|dello|dei|degli|riguardo a|che spiega|che mostra|per`;

// Verbs that ask for an explanation keep what follows ("Explain how X works" → "How X works");
// verbs that ask for a video are followed by the video they ask for ("Make a teaser for X" → "X").
const OPENERS = String.raw`(?:(?:please|bitte|por favor|can you|could you|would you|will you|kannst du|könntest du|können sie|peux-tu|pouvez-vous|pourrais-tu|pourriez-vous|puedes|podrías|puede|podría|per favore|puoi|potresti|i want you to|help me)[\s,]+)*`;
/** A pronoun said before the verb ("Peux-tu me faire", "Mi fai", "¿Me haces", "Pourriez-vous nous préparer"). */
const CLITIC = String.raw`(?:(?:me|nous|te|vous|mi|ci|ti|nos)\s+|m['’])?`;
const EXPLAIN = new RegExp(
  String.raw`^${OPENERS}${CLITIC}(?:explain|describe|compare|show|tell|teach|illustrate|walk (?:me |us )?through|talk (?:me |us )?through|break down|outline|summari[sz]e|visuali[sz]e|present|introduce|introducing|presenting|announcing|meet|showcase|highlight|erkläre|erklär|erklären sie|erklärt|vergleiche|vergleich|beschreibe|beschreiben sie|zeige|zeig|zeigen sie|explique|expliquez|compare|comparez|décris|décrivez|montre|montrez|présente|présentez|raconte|racontez|explícame|explicame|explíquenos|explica|compara|explique|describe|descríbeme|muestra|muéstrame|muestrame|presenta|cuéntame|cuenta|spiega|spiegami|spiegaci|spieghi|spiegare|descrivi|descrivere|expliquer|décrire|explicar|describir|explain to|mostra|mostrami|presenta|racconta|raccontami|confronta|illustra)(?:[\s-]+(?:me|us|viewers|people|everyone|kids|mir|uns|moi|nous|(?:my|our)\s+(?:students|kids|class|team|children|viewers|customers|clients|followers|audience|readers|staff|colleagues)))?(?:\s+about)?[\s,:]+`,
  'iu',
);
const MAKE = new RegExp(
  String.raw`^${OPENERS}${CLITIC}(?:make it|make|whip up|create|generate|produce|build|render|write|do|design|craft|draft|prepare|animate|put together|give|i (?:want|need|would like|would love)|i['’]d (?:like|love)|we (?:want|need)|need|mach es|mach daraus|mach|mache|macht|machen sie|erstelle|erstell|erstellen sie|produziere|generiere|gestalte|ich (?:brauche|möchte|will)|wir brauchen|fais-en|fais|faites|crée|créez|réalise|réalisez|génère|générez|produis|prépare|conçois|je (?:veux|voudrais)|hazlo|hazme|haz|haces|hacerme|hacernos|hágame|haga|créame|creame|crea|cree|genera|produce|prepara|realiza|diseña|quiero|necesito|fai|fammi|facci|farmi|farci|prepari|crea|creami|realizza|genera|prepara|produci|voglio|vorrei|ho bisogno di|créer|faire|préparer|réaliser|générer|produire|machen|erstellen|crear|hacer|realizar|generar|producir|creare|fare|realizzare|generare|produrre|to make|to create)(?:[\s-]+(?:me|us|mir|uns|moi|nous))?(?:me|nos)?[\s,:]+`,
  'iu',
);

/** A German request that names the video before its verb: "Kannst du mir ein Video machen, …". */
const MODAL = /^(?:kannst du|könntest du|können sie|könnten sie|würdest du)\s+(?:(?:mir|uns)\s+)?/iu;
/** The verb a German request puts last: "… über die Geschichte des Fahrrads machen?" */
const LAST_VERB = /\s+(?:machen|erstellen|drehen|produzieren|gestalten|basteln)(?=\s*[.!?]*$)/iu;

/** The words of a make verb's match that ask for something whatever follows: an opener, a pronoun, a wish, "make it". */
const ASKS = new RegExp(
  String.raw`^(?:please|bitte|por favor|can you|could you|would you|will you|kannst du|könntest du|können sie|peux-tu|pouvez-vous|puedes|podrías|per favore|puoi|potresti|i want you to|help me)\b|^(?:me|nous|te|vous|mi|ci|ti|nos)\s|^m['’]|(?<![\p{L}])(?:me|us|mir|uns|moi|nous)(?![\p{L}])|^(?:make it|mach es|mach daraus|fais-en|hazlo|i (?:want|need|would like|would love)|i['’]d (?:like|love)|we (?:want|need)|need|ich (?:brauche|möchte|will)|wir brauchen|je (?:veux|voudrais)|quiero|necesito|voglio|vorrei|ho bisogno di|to make|to create)\b|(?:hazme|hacerme|hacernos|haces|fammi|facci|farmi|farci|prepari|creami|créame|creame)(?![\p{L}])`,
  'iu',
);

/** Make verbs a recipe or how-to also uses for its steps: "Make the dough", "Give it four folds", "Mach den Teig", "Fais cuire", "Haz un sofrito", "Fai riposare", "Crea una piega". */
const STEP_VERBS = /^(?:make|do|build|write|prepare|give|mach|mache|macht|fais|faites|prépare|préparez|haz|haga|prepara|fai|crea)(?![\p{L}])/iu;

/** A question put to the node itself: "Can you make…?", "¿Puedes…?", "Peux-tu…?", "Kannst du…?", "Mi fai…?". */
const ASKS_NODE = /^(?:¿|(?:can|could|would|will) you\b|(?:kannst|könntest|würdest) du\b|(?:können|könnten) sie\b|(?:peux|pourrais)-tu\b|(?:pouvez|pourriez)-vous\b|(?:puedes|podrías|puede|podría|puoi|potresti)\b|(?:mi|ci|me|nos)\s+\p{L}+)/iu;

/** A greeting said on its own before the request ("Hey!", "Ciao!", "Hola,"). */
const GREETING = /^(?:hey|hi|hello|hi there|hey there|hallo|hi zusammen|moin|servus|bonjour|salut|coucou|hola|buenas|ciao|salve|buongiorno)[\s,!.]*$/iu;

/** The video asked for, at the start of what is left: "a vertical teaser for", "Onboarding video for", "ein kurzes Video über". */
const VIDEO_PHRASE = new RegExp(
  String.raw`^(?:${ARTICLE}\s+)?((?:${W}+,?\s+){0,3}?)(?:${NOUNS})\b((?:\s+${W}+){0,3}?)\s*(?:,?\s*(${JOINS})[\s,]+|[:,–—]\s*|[.!?]*$)`,
  'iu',
);

/** Phrases that say how to make the video, wherever they stand. */
const PRODUCTION_PHRASES: RegExp[] = [
  // Politeness.
  /\b(?:please|pls|thanks|thank you|bitte|danke|merci|gracias|por favor|per favore|grazie)\b|s'il (?:te|vous) pla[iî]t/giu,
  // Shape: "4:5", "in 9:16", "vertical format", "im Hochformat", "for TikTok".
  /(?:\b(?:in|im|en|au|as|als|at)\s+)?(?<![\d.:])(?:16\s*:\s*9|9\s*:\s*16|4\s*:\s*5|5\s*:\s*4|1\s*:\s*1|4\s*:\s*3|3\s*:\s*4|21\s*:\s*9|2\s*:\s*3|3\s*:\s*2)(?![\d.:])(?:\s+(?:format|aspect ratio|ratio|Seitenverhältnis))?/giu,
  /\b(?:in|im|en|au|as)\s+(?:an?\s+)?(?:vertical|portrait|landscape|square|widescreen|hochformat|hochkant|querformat|format vertical|formato vertical)(?:\s+(?:format|mode|orientation|video))?\b/giu,
  /\b(?:vertical|horizontal|portrait|landscape|square|widescreen)\s+(?:format|orientation|mode|aspect)\b|(?<![\p{L}])(?:format|formato)\s+(?:vertical|verticale|horizontal|orizzontale|carré|cuadrado|quadrato|paysage|apaisado|portrait|retrato)(?![\p{L}])/giu,
  /\b(?:for|für|pour|para)\s+(?:tiktok|instagram|insta|youtube|reels|shorts|linkedin|facebook|snapchat|social media|les réseaux sociaux|redes sociales|soziale medien)(?:\s+(?:reels?|stories|story|shorts|feed|posts?))?\b/giu,
  // Length: "in 30 seconds", "60s", "a 30-second", "en 30 secondes", "in 30 Sekunden", "de 60 segundos", "one-minute".
  /(?:\b(?:in|within|under|about|around|max(?:imum)?|of|en|de|im|unter|ca\.?)\s+)?(?<![\p{L}\d.])(?<!\b(?:the|den|die|les années|los años)\s)\d{1,3}(?:[.,]\d+)?\s*[- ]?\s*(?:s|secs?|seconds?|sekunden|sek|secondes?|segundos?|secondi|mins?|minutes?|minuten|minutos?|minuti|hours?|hrs?|stunden|heures?|horas?|ore)\b(?:[- ](?:long|lang|langes?))?(?:-(?=\p{L}))?/giu,
  /\b(?:one|two|three|ein|eine|une|una|un)[- ](?:minutes?|minuten?|minutos?)(?:[- ](?:long|lang|langes?))?\b/giu,
  // Sound and captions: "no voiceover", "just music", "mit Untertiteln", "sans voix", "solo música".
  /\b(?:with|without|no|add|include|plus|mit|ohne|avec|sans|con|sin)\s+(?:an?\s+|any\s+|background\s+|burned-in\s+|de la\s+|des\s+|la\s+)*(?:voice[- ]?overs?|voices?|narration|narrator|music|soundtrack|sound|audio|captions|subtitles|untertiteln?|sprecher|erzähler|stimme|musik|hintergrundmusik|sous-titres|voix|musique|subtítulos|voz|música|locución|narración)\b/giu,
  /\b(?:just|only|nur|juste|seulement|uniquement|solo|sólo)\s+(?:de la\s+)?(?:music|a soundtrack|narration|voice[- ]?over|musik|musique|música)(?=\s*(?:[,.;!?)]|$))|\b(?:music|narration|voice[- ]?over|musique|música)[- ](?:only|seulement)\b/giu,
  /\b(?:make|keep) it (?:silent|muted?|short|quick|vertical|square|snappy)\b/giu,
  // Attachments: "using the screenshots provided in order", "with the attached CSV", "(with a CSV of sales)".
  /\((?:with|using|see|from|attached|mit|avec|con)\b[^)]*\)/giu,
  // "… are attached", "… is below", "… sind angehängt", "… sont ci-joints", "… están adjuntos": the subject stays, the framing goes.
  /\s+(?:is|are|has been|have been|ist|sind|est|sont|está|están)\s+(?:attached|enclosed|included|below|above|here|provided|angehängt|beigefügt|anbei|unten|ci-joint(?:e?s)?|joint(?:e?s)?|en pièce jointe|adjunt[oa]s?|abajo)\b/giu,
  /\b(?:using|use|with|from|based on|mit|anhand|avec|à partir des?|en utilisant|con|usando|a partir de)\s+(?:the|these|those|my|our|this|attached|provided|die|den|der|diesen|les|mes|nos|ces|los|las|mis|estos|estas|nuestr[oa]s)?\s*(?:attached\s+|provided\s+|following\s+|beigefügten\s+|angehängten\s+)?(?:screenshots?|images?|photos?|pictures?|files?|csv|pdf|spreadsheet|data|documents?|slides?|footage|bilder[n]?|fotos|dateien?|captures? d'écran|fichiers?|imágenes|capturas(?: de pantalla)?|archivos?)(?:\s+(?:provided|attached|below|above|here|I sent|I attached|ci-joint(?:e?s)?|adjunt[oa]s?|anbei))*(?:\s+in (?:order|that order|the order given|this order)|\s+dans l'ordre|\s+en orden|\s+der reihe nach)?/giu,
  // Structure: "in three scenes", "in drei Szenen", "en trois parties", "en tres escenas", "in two columns", "side by side".
  /\b(?:in|en|im)\s+(?:\d{1,2}|two|three|four|five|six|zwei|drei|vier|fünf|sechs|deux|trois|quatre|cinq|six|dos|tres|cuatro|cinco|seis)\s+(?:scenes?|parts?|szenen|teilen|abschnitten|scènes|parties|escenas|partes|columns|spalten|colonnes|columnas)\b|\b(?:side by side|nebeneinander|côte à côte)\b/giu,
  // Language: "in French", "auf Deutsch", "en français", "en español" (the narration language says it).
  /\b(?:in|auf|en)\s+(?:english|german|french|spanish|italian|portuguese|dutch|englisch|deutsch|französisch|spanisch|anglais|allemand|français|espagnol|inglés|alemán|francés|español)\b/giu,
  // An instruction to emphasise, as its own clause: ", highlight the best region", ", hebe … hervor".
  /(?:^|[,;]\s*|\s+and\s+)(?:highlight|emphasi[sz]e|hervorheben|hebe|markiere|mettez en avant|mets en avant|soulignez|souligne|destaca|resalta)\b[^,.;!?]*/giu,
  // What to weigh, as an instruction: ", honest pros and cons for each", "mit Vor- und Nachteilen", "avantages et inconvénients".
  /(?:^|[,;]\s*|\s+(?:with|mit|avec|con)\s+)(?:(?:honest|fair|ehrliche[n]?|honnêtes|honestos)\s+)?(?:the\s+)?(?:pros and cons|vor- und nachteile[n]?|avantages et (?:les )?inconvénients|pros y contras|ventajas y desventajas)(?:\s+(?:for|of|von|de|pour)\s+(?:each|both|jede[rsm]?|beide[n]?|chacun|chaque|cada uno))?/giu,  // Audience: "to a 10-year-old", "for kids", "für Kinder", "à un enfant de 10 ans", "para niños", "per bambini", "like I'm five".
  new RegExp(
    String.raw`(?:^|\s|,)(?:to|for|für|pour|à|aux|para|a|per|ai|agli|alle)\s+(?:an?\s+|ein(?:e[nm]?)?\s+|einem\s+|une?\s+|los\s+|las\s+|les\s+|des\s+|i\s+|gli\s+|le\s+|my\s+|our\s+|meine[nm]?\s+|unsere[nm]?\s+|mes\s+|nos\s+|mis\s+|nuestr[oa]s\s+|mie[i]?\s+|nostr[ie]\s+)?(?:(?<=(?:my|meine[nmr]?|mes|mis|mia|miei|mie)\s)(?:class|classes|team|staff|employees|colleagues|coworkers|customers|clients|users|followers|viewers|readers|audience|subscribers|patients|guests|members|klasse|mitarbeiter(?:innen)?|kollegen|kunden|nutzer|zuschauer|leser|patienten|gäste|classe|équipe|employés|collègues|utilisateurs|abonnés|spectateurs|lecteurs|clase|equipo|empleados|compañeros|clientes|usuarios|seguidores|espectadores|pacientes|squadra|dipendenti|colleghi|clienti|utenti|spettatori|pazienti)|(?:\d{1,2}|ten|five|six|seven|eight|nine|twelve)[- ]?(?:years?[- ]old|yo|jährigen?|jährige)s?|(?:zehn|fünf|sechs|sieben|acht|neun|zwölf)jährigen?|(?:little\s+|young\s+|small\s+|kleine[n]?\s+|petits?\s+|jeunes\s+|pequeños\s+|piccoli\s+|(?:high|middle|primary|elementary|grade)[- ]school\s+|college\s+|university\s+)?(?:kids|children|child|beginners|students|teens|teenagers|seniors|grandparents|parents|newcomers|non-experts|laypeople|dummies|everyone|kinder[n]?|kind|anfänger[n]?|einsteiger[n]?|schüler[n]?|laien|enfants?|débutants?|élèves|lycéens|niños?|niñas?|principiantes|estudiantes|alumnos|bambini|bambino|ragazzi|principianti|studenti|alunni))(?:\s+(?:de|di|von)\s+\d{1,2}\s+(?:ans|años|anni|jahren))?(?=\s*(?:[,.;:!?]|$)|\s+(?:how|why|what|when|where|who|which|that|about|on|wie|warum|wieso|weshalb|was|wer|über|comment|pourquoi|ce|qu|quoi|sur|cómo|como|por|qué|que|sobre|come|perché|cosa|che|su|in|en|im|auf)(?![\p{L}\p{N}]))`,
    'giu',
  ),
  /\b(?:like (?:i'?m|i am) (?:five|5)|eli5|wie für (?:ein kind|kinder)|comme à un enfant|como (?:a un niño|si tuviera \d+ años)|come a un bambino)\b/giu,
  // Tone: "in a fun way", "with an upbeat tone", "keep it fun", "auf lustige Art", "de façon ludique", "de forma divertida", "in modo divertente".
  /\b(?:in an?|with an?|using an?|keep it|make it|halte es|mach es|sur un ton|d'un ton|de (?:façon|manière|forma|modo)|con (?:un )?tono|en (?:un )?tono|in (?:modo|maniera|tono)|auf|im|mit)\s+(?:\p{L}+\s+)?(?:upbeat|fun|funny|playful|energetic|cheerful|friendly|calm|serious|dramatic|inspiring|exciting|lively|casual|formal|light|simple|lustige[nr]?|fröhliche[nr]?|witzige[nr]?|lockere[nr]?|einfache[nr]?|drôle|amusante?|ludique|dynamique|joyeuse|légère?|léger|simple|divertida|divertido|alegre|dinámica|sencilla|divertente|allegr[oa]|leggera|semplice)(?:\s+(?:tone|way|style|manner|vibe|feel|art|weise|ton|stil|façon|manière|tono|estilo|modo|forma))?\b/giu,
  // Format words of a request: "step by step", "Schritt für Schritt", "étape par étape", "paso a paso", "passo dopo passo", "in simple terms".
  /(?<![\p{L}\p{N}])(?:step[- ]by[- ]step|schritt für schritt|étape par étape|paso a paso|passo (?:dopo|per) passo|passo passo|in (?:simple|plain|easy) (?:terms|words|language|english)|in einfachen worten|simplement|en termes simples|en (?:términos|palabras) sencill[oa]s|in parole semplici|in modo semplice|simply explained|explained simply|einfach erklärt|expliqué simplement|explicado de forma sencilla|spiegato in modo semplice)\b/giu,
  // Italian sound, captions and language: "con musica", "senza voce", "con sottotitoli", "solo musica", "in italiano".
  /\b(?:con|senza|solo)\s+(?:la\s+|una\s+|i\s+|dei\s+)?(?:voce(?: fuori campo)?|narrazione|musica(?: di sottofondo)?|sottotitoli|audio)\b|\b(?:in|auf|en)\s+(?:italiano|italienisch|italien|italiano|portoghese|inglese|tedesco|francese|spagnolo)\b/giu,
  // A closing ask for numbers: "with real numbers", "mit echten Zahlen", "avec de vrais chiffres", "con cifras reales", "con numeri reali".
  /(?:^|[,;]\s*|\s+)(?:with|using|mit|avec|con)\s+(?:de\s+|des\s+)?(?:real|actual|concrete|some|echten|konkreten|vrais|vraies|réels|cifras|datos|numeri|dati)\s+(?:numbers|figures|data|stats|statistics|examples|zahlen|beispielen|chiffres|exemples|reales|concretos|reali|concreti)\b/giu,
];

/** Words with no content of their own: articles, joins and what the production phrases leave behind. */
const EMPTY = new Set(
  'a an the and or of to in on for with at by it this that me us it is be as so ein eine einen und oder mit für im in zu der die das un une le la les et avec pour de du des en el los las y con para por'.split(' '),
);

function tidy(text: string): string {
  return text
    .replace(/\(\s*\)/g, '')
    .replace(/\s+([.!?,;:])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, '')
    .replace(/[,;:–—-]+(?=[.!?]$)/, '')
    .replace(/[,;:]+(?=[.!?]\s)/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Takes the request's framing off the front of a sentence: the instruction verb and the video it asks for. */
function stripFraming(sentence: string): string {
  // A Spanish question's opening mark stands before the request ("¿Puedes hacerme un video…?").
  let text = sentence.trim().replace(/^[¿¡]\s*/u, '');
  const explained = EXPLAIN.exec(text);
  if (explained) return text.slice(explained[0].length);
  const made = MAKE.exec(text) ?? MODAL.exec(text);
  // A make verb asks for a video only when it says so ("Make a teaser…", "Make me…", "I want…");
  // otherwise it is a step of the content ("Make the dough the night before", "Fais cuire 35 minutes").
  if (made && !asksForVideo(made[0], text.slice(made[0].length))) return text;
  if (made) text = text.slice(made[0].length);
  if (made && MODAL.test(sentence.trim())) text = text.replace(LAST_VERB, '');
  const video = VIDEO_PHRASE.exec(text);
  // After the video only words about the video may come ("une vidéo courte sur"): "Ads are everywhere" is content.
  const after = (video?.[2] ?? '').split(/\s+/).filter(Boolean);
  if (video && after.every((word) => MODIFIERS.has(word.toLowerCase()))) {
    // Words before the video that say what it is about stay: "Onboarding video for new hires" → "Onboarding for new hires".
    const kept = (video[1] ?? '').split(/\s+/).map((word) => word.replace(/,$/, '')).filter((word) => word && !MODIFIERS.has(word.toLowerCase()) && !/^\d/.test(word));
    const rest = text.slice(video[0].length);
    const join = video[3]?.toLowerCase();
    if (kept.length === 0) return rest;
    return rest ? `${kept.join(' ')}${join === 'for' || join === 'für' || join === 'pour' || join === 'para' ? ` ${video[3]} ` : ': '}${rest}` : kept.join(' ');
  }
  return made ? text.replace(new RegExp(`^${ARTICLE}\\s+`, 'iu'), '') : text;
}

/** Whether a make verb's match (and what follows it) asks for a video rather than states a step. */
function asksForVideo(verb: string, rest: string): boolean {
  if (ASKS.test(verb.trim()) || MODAL.test(verb)) return true;
  // Only the everyday verbs of a step may be content ("Create a product tour…" asks, whatever follows).
  if (!STEP_VERBS.test(verb.trim())) return true;
  if (!hasContent(rest)) return true;
  const video = VIDEO_PHRASE.exec(rest);
  return Boolean(video && (video[2] ?? '').split(/\s+/).filter(Boolean).every((word) => MODIFIERS.has(word.toLowerCase())));
}

/** Whether a text still says anything once its production words are gone. */
function hasContent(text: string): boolean {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’-]+/u)
    .some((word) => word.length > 0 && !EMPTY.has(word) && !MODIFIERS.has(word) && !new RegExp(`^(?:${NOUNS})$`, 'iu').test(word));
}

/**
 * The production phrases that never belong in a video's own words, whoever wrote them: politeness,
 * aspect ratios, orientation and platform, sound and captions instructions, scene and column
 * counts. (Lengths, languages, emphasis and attachment phrases are left out: "Bloom for 30 seconds",
 * "Say it in French" and "Highlight the dates" may be content in a model's script.)
 */
const SCREEN_PHRASES = [
  // A model's own thanks are content ("48,000 of you. Thank you."); only the request's "please" is not.
  /\b(?:please|pls|bitte|por favor)\b|s'il (?:te|vous) pla[iî]t/giu,
  ...[1, 2, 3, 4, 7, 8, 9, 11, 13].map((index) => PRODUCTION_PHRASES[index]!),
];

/** A leading "Vertical teaser:", "4:5 ad –", "Erklärvideo:" naming the video rather than its subject. */
const VIDEO_LABEL = new RegExp(String.raw`^(?:${W}+\s+){0,2}(?:${NOUNS})\s*[:–—-]\s+`, 'iu');

/**
 * A text a language model wrote for the screen or the script, without the request's production
 * words ("Vertical teaser: Slow sourdough" → "Slow sourdough", "… for TikTok", "please", "9:16").
 * Empty when nothing else was said.
 */
export function withoutRequestWords(text: string): string {
  let out = text;
  const label = VIDEO_LABEL.exec(out);
  if (label && label[0].split(/\s+/).filter(Boolean).every((word) => MODIFIERS.has(word.toLowerCase().replace(/[:–—-]$/, '')) || new RegExp(`^(?:${NOUNS})[:–—-]?$`, 'iu').test(word) || /^\d+\s*:\s*\d+$/.test(word))) {
    out = out.slice(label[0].length);
  }
  for (const pattern of SCREEN_PHRASES) out = out.replace(pattern, ' ');
  // A text with no production words stays exactly as written ("Besoin d'une pause ?" keeps its French space).
  if (out === text) return hasContent(text) ? text.trim() : '';
  out = tidy(out);
  // A phrase taken out between two stops leaves one stop, not "..": an ellipsis stays only where its author wrote one.
  if (!/\.\./.test(text)) out = out.replace(/([.!?])(?:\s*\.)+/g, '$1');
  return hasContent(out) ? (out === tidy(text) ? out : capitalize(out)) : '';
}

/** A clause after a comma that says only what kind of video (", landscape, narrated"). */
const MODIFIER_CLAUSE = /[,;]\s*([^,;.!?]+?)(?=\s*(?:[,;.!?]|$))/gu;

/** Removes the production phrases from a text. */
export function stripProductionPhrases(text: string): string {
  let out = text;
  for (const pattern of PRODUCTION_PHRASES) out = out.replace(pattern, ' ');
  // A clause left naming only the video ("…, vertical video", ", 4:5 ad") goes too.
  out = out.replace(new RegExp(String.raw`[,;]\s*(?:as\s+)?(?:${ARTICLE}\s+)?(?:${W}+\s+){0,2}(?:${NOUNS})(?=\s*(?:[,;.!?]|$))`, 'giu'), (clause) => (hasContent(clause.replace(new RegExp(`\\b(?:${NOUNS})\\b`, 'giu'), '')) ? clause : ''));
  out = out.replace(MODIFIER_CLAUSE, (clause, words: string) => (hasContent(words) ? clause : ''));
  return tidy(out);
}


// An action is an imperative at the start of a sentence or clause (or after "to", "and"), or a web
// address; "how to book a flight" and "in order" are not actions.
const ACTION_VERBS = String.raw`visit|go to|head to|sign up|join|try|order|pre-?order|download|book|call|subscribe|register|buy|shop|get started|get yours|learn more|contact|follow|apply|install|reserve|rsvp|besuche|besuchen sie|melde dich an|melden sie sich an|registriere dich|probiere|probieren sie|teste|testen sie|bestelle|bestellen sie|jetzt bestellen|lade|laden sie|buche|buchen sie|ruf|rufen sie|abonniere|abonnieren sie|kaufe|kaufen sie|visitez|visite|rendez-vous sur|inscrivez-vous|inscris-toi|essayez|essaie|commandez|commande|téléchargez|télécharge|réservez|réserve|appelez|appelle|abonnez-vous|achetez|achète|visita|visite|regístrate|suscríbete|prueba|pruebe|pide|ordena|descarga|descargue|reserva|llama|compra|únete`;
const ACTION = new RegExp(String.raw`(?:^|[.!?,;:]\s*|\b(?:to|and|then|und|et|y)\s+)(?<!how to\s+)((?:now\s+|jetzt\s+)?(?:${ACTION_VERBS})\b(?:[^.!?,;]|[.,](?=[\p{L}\p{N}/]))*)`, 'iu');
const ADDRESS = /\b(?:https?:\/\/[^\s,;]+|www\.[^\s,;]+|[a-z0-9-]+\.(?:com|io|app|dev|org|net|co|de|fr|es|ai|shop|store|eu)(?:\/[^\s,;]*)?)(?<![.!?])/iu;

/** The action a prompt asks viewers to take, in its words (at most 6 words), or undefined. */
export function findAction(text: string): string | undefined {
  const verb = ACTION.exec(text)?.[1];
  if (verb) {
    const words = tidy(stripProductionPhrases(verb)).split(/\s+/).slice(0, 6).join(' ');
    if (words) return capitalize(words.replace(/[.!?]+$/, ''));
  }
  return ADDRESS.exec(text)?.[0];
}

/** Production phrases that mark a sentence as a request wherever they stand (lengths do not: "Bake it for 40 minutes" is content). */
const REQUEST_MARKERS = PRODUCTION_PHRASES.filter((_, index) => index !== 5 && index !== 6);

/**
 * Whether a sentence asks for a video rather than says what it shows: it opens with an instruction
 * ("Explain…", "Mach…", "Spiegami…") or with the video it asks for ("A vertical teaser for…"), or it
 * holds a production, audience or tone phrase ("for TikTok", "to a 10-year-old", "in a fun way").
 */
export function isRequestSentence(sentence: string): boolean {
  const text = sentence.trim().replace(/^[¿¡]\s*/u, '');
  if (GREETING.test(text)) return true;
  if (EXPLAIN.test(text)) return true;
  const made = MAKE.exec(text) ?? MODAL.exec(text);
  if (made && asksForVideo(made[0], text.slice(made[0].length))) return true;
  if (stripFraming(text) !== text) return true;
  if (VIDEO_LABEL.test(text)) return true;
  if ([...text.matchAll(MODIFIER_CLAUSE)].some((clause) => !hasContent(clause[1]!) && /\p{L}/u.test(clause[1]!))) return true;
  // A clause that names only the video: "History of the bicycle, vertical video for TikTok".
  if (new RegExp(String.raw`[,;–—]\s*(?:as\s+)?(?:${ARTICLE}\s+)?(?:${W}+\s+){0,2}(?:${NOUNS})\b`, 'iu').test(text)) return true;
  return REQUEST_MARKERS.some((pattern) => {
    pattern.lastIndex = 0;
    const hit = pattern.test(text);
    pattern.lastIndex = 0;
    return hit;
  });
}

/** The items a cleaned request lists after its colon, two or more of at most six words each. */
function listAfterColon(text: string): string[] {
  const at = text.search(/:\s/);
  if (at < 0) return [];
  const items = text
    .slice(at + 1)
    .replace(/[.!?]+$/, '')
    .split(/,\s*(?:(?:and|und|et|y|e)\s+)?|\s+(?:and|und|et|y|e)\s+(?=[^,]*$)/i)
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length >= 2 && items.every((item) => item.split(/\s+/).length <= 6) ? items : [];
}

/** Reads a prompt's content: its subject and sentences without the request's framing, and its action. */
export function readRequestContent(prompt: string): RequestContent {
  const read = splitSentences(prompt).map((sentence) => {
    const request = isRequestSentence(sentence);
    // A stated sentence is kept whole; only a request is stripped of its framing.
    let text = request ? tidy(stripProductionPhrases(stripFraming(stripProductionPhrases(sentence)))) : tidy(sentence);
    // A question put to the node asked for the video ("Can you make a video about volcanoes?"): the
    // topic is not a question. A question of the content stays ("Quick explainer: why do cats purr?").
    if (request && ASKS_NODE.test(sentence.trim())) text = text.replace(/\s*\?$/u, '');
    // A label left naming only the video's kind ("Vertical: …" of "Upbeat announcement, vertical: …") goes.
    const label = request ? /^([^:]{1,60}):\s+/u.exec(text) : null;
    if (label && !hasContent(label[1]!)) text = text.slice(label[0].length);
    // A greeting alone says nothing to show.
    if (GREETING.test(sentence.trim())) text = '';
    return { text: capitalize(text), request };
  });
  const kept = read.filter((entry) => hasContent(entry.text));
  const cleaned = kept.map((entry) => entry.text);
  const first = cleaned[0] ?? '';
  const subject = capitalize(tidy(first.split(/:\s/)[0]!.replace(/[.!]+$/, '')));
  const action = findAction(prompt);
  const stated = kept.filter((entry) => !entry.request).map((entry) => entry.text);
  const listed = kept.filter((entry) => entry.request).flatMap((entry) => listAfterColon(entry.text));
  return { subject, sentences: cleaned, stated, listed, ...(action ? { action } : {}) };
}
