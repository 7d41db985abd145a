import { foldText, tokenize, type VisualLanguage } from './visual-text.js';

/**
 * Topic words that Unicode's CLDR annotations lack or bury, with the picture that shows them.
 *
 * Why a table at all: CLDR names an emoji for what it depicts ("hot beverage", "cheese wedge") and
 * keeps the everyday word people say as one keyword among many ("coffee" next to "drink", "hot"),
 * so a search strict enough to stay right misses "coffee", "Geld", "fromage"; and it has no entry for
 * topics a video explains (photosynthesis, blockchain, onboarding, a bakery, an app). Each row below
 * is one reviewed concept: the fluent-emoji-flat picture(s) that stand for it, the Lucide line
 * icon(s) for `iconFor`, and its words in English, German, French and Spanish (singular; the lookup
 * stems them like every other word). Keep it small: add a row only for a word users really write
 * whose picture the search misses or gets wrong, and leave a word out when it has a second common
 * sense that the picture would mislead in (no "bee": a "house bee" list point is not about bees;
 * no "cool": "cool features"; no English "plant" alone: a power plant is no seedling; no French
 * "chef": a cook; no "retour": a return; no "responsable": also "responsible"; no "ventes":
 * it stems to "vent", wind; no "fall": prices fall; no French "été": "a été").
 *
 * `pictures: []` marks a word that must get no illustration although the search would find one
 * (a heat pump is no "bomba", a bomb); its icons may still be given.
 */
export interface TopicWords {
  /** fluent-emoji-flat names, best first; empty: the topic has no fitting illustration. */
  pictures: readonly string[];
  /** Lucide icon names, best first. */
  icons: readonly string[];
  words: Record<VisualLanguage, readonly string[]>;
}

export const TOPIC_WORDS: readonly TopicWords[] = [
  { pictures: ['hot-beverage'], icons: ['coffee'], words: { en: ['coffee', 'café', 'espresso', 'cappuccino', 'latte', 'coffee pot', 'coffee machine', 'coffee maker', 'coffee cup'], de: ['Kaffee', 'Café', 'Espresso', 'Cappuccino'], fr: ['café', 'expresso', 'cappuccino'], es: ['café', 'cafetería', 'espresso', 'capuchino'] } },
  { pictures: ['bread', 'baguette-bread'], icons: ['croissant', 'wheat'], words: { en: ['bread', 'bakery', 'baker', 'loaf', 'sourdough'], de: ['Brot', 'Bäckerei', 'Bäcker', 'Brötchen'], fr: ['pain', 'boulangerie', 'boulanger', 'baguette'], es: ['pan', 'panadería', 'panadero'] } },
  { pictures: ['seedling'], icons: ['sprout', 'leaf'], words: { en: ['photosynthesis', 'chlorophyll', 'houseplant', 'sprout', 'seedling', 'sapling', 'tree sapling', 'young tree'], de: ['Photosynthese', 'Fotosynthese', 'Chlorophyll', 'Blattgrün', 'Pflanze', 'Zimmerpflanze', 'Keimling', 'Setzling'], fr: ['photosynthèse', 'chlorophylle', 'plante', 'germe', 'jeune pousse', 'jeune arbre'], es: ['fotosíntesis', 'clorofila', 'planta', 'plántula', 'germinado', 'arbolito', 'plantón'] } },
  { pictures: ['factory'], icons: ['factory'], words: { en: ['power plant', 'factory'], de: ['Kraftwerk', 'Fabrik'], fr: ['centrale électrique', 'centrale nucléaire', 'usine'], es: ['central eléctrica', 'fábrica'] } },
  { pictures: ['link', 'chains'], icons: ['link'], words: { en: ['blockchain', 'chain'], de: ['Blockchain', 'Kette'], fr: ['blockchain', 'chaîne'], es: ['blockchain', 'cadena'] } },
  { pictures: ['handshake'], icons: ['handshake'], words: { en: ['onboarding', 'welcome', 'newcomer', 'hire', 'buddy', 'mentor', 'partnership'], de: ['Onboarding', 'Einarbeitung', 'Willkommen', 'Neuzugang', 'Pate', 'Mentor', 'Partnerschaft'], fr: ['onboarding', 'intégration', 'bienvenue', 'accueil', 'parrain', 'mentor', 'partenariat'], es: ['onboarding', 'incorporación', 'bienvenida', 'mentor', 'padrino', 'alianza'] } },
  { pictures: ['mobile-phone'], icons: ['smartphone'], words: { en: ['app', 'app store', 'smartphone', 'mobile phone', 'cellphone'], de: ['App', 'Handy', 'Smartphone'], fr: ['appli', 'application', 'smartphone', 'téléphone portable'], es: ['app', 'aplicación', 'móvil', 'celular', 'smartphone'] } },
  { pictures: ['recycling-symbol'], icons: ['recycle'], words: { en: ['recycling', 'recycle', 'bottle bank', 'recycling bin'], de: ['Recycling', 'Wiederverwertung', 'Mülltrennung'], fr: ['recyclage', 'recycler'], es: ['reciclaje', 'reciclar'] } },
  { pictures: ['sun-behind-small-cloud'], icons: ['cloud-sun'], words: { en: ['sky', 'blue sky', 'daytime sky'], de: ['Himmel', 'Himmelsblau'], fr: ['ciel', 'ciel bleu'], es: ['cielo', 'cielo azul'] } },
  { pictures: ['sun'], icons: ['sun'], words: { en: ['sun', 'sunlight', 'sunshine', 'solar', 'sun rays', 'sunbeam'], de: ['Sonne', 'Sonnenlicht', 'Sonnenschein', 'Solar', 'Solarenergie'], fr: ['soleil', 'solaire', 'lumière du soleil'], es: ['sol', 'solar', 'luz solar'] } },
  { pictures: ['light-bulb'], icons: ['lightbulb'], words: { en: ['light', 'lighting', 'idea'], de: ['Licht', 'Beleuchtung', 'Idee'], fr: ['lumière', 'éclairage', 'idée'], es: ['luz', 'iluminación', 'idea'] } },
  { pictures: ['package'], icons: ['package'], words: { en: ['product', 'parcel', 'delivery', 'shipping'], de: ['Produkt', 'Paket', 'Lieferung', 'Versand'], fr: ['produit', 'colis', 'livraison'], es: ['producto', 'paquete', 'envío', 'entrega'] } },
  { pictures: ['chart-increasing'], icons: ['trending-up'], words: { en: ['growth', 'increase'], de: ['Wachstum', 'Anstieg'], fr: ['croissance', 'hausse'], es: ['crecimiento', 'aumento'] } },
  { pictures: ['world-map'], icons: ['map'], words: { en: ['region', 'map'], de: ['Region', 'Landkarte'], fr: ['région'], es: ['región', 'mapa'] } },
  { pictures: ['office-worker'], icons: ['user', 'briefcase'], words: { en: ['manager', 'boss', 'supervisor', 'employee', 'coworker', 'colleague'], de: ['Manager', 'Managerin', 'Chef', 'Chefin', 'Führungskraft', 'Vorgesetzter', 'Mitarbeiter', 'Mitarbeiterin', 'Kollege', 'Kollegin'], fr: ['manager', 'patron', 'employé', 'salarié', 'collègue'], es: ['gerente', 'jefe', 'jefa', 'empleado', 'compañero'] } },
  { pictures: ['desktop-computer', 'laptop'], icons: ['monitor', 'laptop'], words: { en: ['it', 'computer', 'pc', 'software', 'screen'], de: ['IT', 'Computer', 'Rechner', 'PC', 'Software', 'Bildschirm'], fr: ['ordinateur', 'informatique', 'logiciel', 'écran'], es: ['ordenador', 'computadora', 'informática', 'software', 'pantalla'] } },
  { pictures: ['zzz', 'bed'], icons: ['bed', 'moon'], words: { en: ['sleep', 'nap'], de: ['Schlaf', 'schlafen'], fr: ['sommeil', 'dormir', 'sieste'], es: ['sueño', 'dormir', 'siesta'] } },
  { pictures: ['potable-water', 'droplet'], icons: ['droplet'], words: { en: ['water', 'hydration'], de: ['Wasser'], fr: ['eau'], es: ['agua'] } },
  { pictures: ['droplet'], icons: ['droplet'], words: { en: ['water drop', 'droplet', 'drop of water', 'groundwater', 'water well', 'well water'], de: ['Wassertropfen', 'Tropfen', 'Grundwasser'], fr: ['goutte', "goutte d'eau", 'eau souterraine', 'nappe phréatique'], es: ['gota', 'gota de agua', 'agua subterránea', 'pozo de agua'] } },
  { pictures: ['money-bag', 'dollar-banknote'], icons: ['banknote', 'wallet'], words: { en: ['money', 'cost', 'price', 'revenue', 'income', 'budget', 'savings', 'cash', 'salary', 'sales', 'piggy bank'], de: ['Geld', 'Kosten', 'Preis', 'Umsatz', 'Einnahmen', 'Budget', 'Gehalt', 'Vertrieb', 'Verkauf'], fr: ['argent', 'coût', 'prix', 'revenu', "chiffre d'affaires", 'budget', 'salaire'], es: ['dinero', 'coste', 'costo', 'precio', 'ingresos', 'presupuesto', 'salario', 'ventas'] } },
  { pictures: ['stopwatch', 'hourglass-not-done'], icons: ['clock', 'hourglass'], words: { en: ['time', 'deadline'], de: ['Zeit', 'Frist'], fr: ['délai'], es: ['tiempo', 'plazo'] } },
  { pictures: ['teacup-without-handle'], icons: [], words: { en: ['tea'], de: ['Tee'], fr: ['thé'], es: ['té'] } },
  { pictures: ['globe-with-meridians'], icons: ['globe'], words: { en: ['website', 'web', 'internet', 'online shop'], de: ['Website', 'Webseite', 'Internet', 'Onlineshop'], fr: ['site web', 'site internet', 'internet'], es: ['sitio web', 'página web', 'internet'] } },
  { pictures: ['school'], icons: ['school'], words: { en: ['school', 'classroom'], de: ['Schule', 'Schulanfang', 'Klassenzimmer'], fr: ['école', 'scolaire', 'rentrée scolaire'], es: ['escuela', 'colegio', 'escolar'] } },
  // The seasons: CLDR keeps them as keywords only.
  { pictures: ['snowflake'], icons: ['snowflake'], words: { en: ['winter'], de: ['Winter'], fr: ['hiver'], es: ['invierno'] } },
  { pictures: ['sun'], icons: ['sun'], words: { en: ['summer'], de: ['Sommer'], fr: [], es: ['verano'] } },
  { pictures: ['fallen-leaf'], icons: ['leaf'], words: { en: ['autumn'], de: ['Herbst'], fr: ['automne'], es: ['otoño'] } },
  // A leaf as a plant has it, green: the search's best match is the maple leaf, red and a flag's emblem.
  { pictures: ['leaf-fluttering-in-wind', 'herb'], icons: ['leaf'], words: { en: ['leaf', 'green leaf'], de: ['Blatt', 'Laubblatt'], fr: ['feuille', 'feuille verte'], es: ['hoja', 'hoja verde'] } },
  // No emoji shows sugar; the search finds ice for "sugar cubes" and a cupcake for "Zucker". A sweet says it.
  { pictures: ['candy'], icons: ['candy'], words: { en: ['sugar', 'sugar cube', 'glucose'], de: ['Zucker', 'Traubenzucker', 'Würfelzucker', 'Glukose'], fr: ['sucre', 'morceau de sucre', 'glucose'], es: ['azúcar', 'terrón de azúcar', 'glucosa'] } },
  { pictures: ['cherry-blossom'], icons: ['flower'], words: { en: ['springtime'], de: ['Frühling'], fr: ['printemps'], es: ['primavera'] } },
  { pictures: ['honey-pot'], icons: [], words: { en: ['honey'], de: ['Honig'], fr: ['miel'], es: ['miel'] } },
  { pictures: ['thermometer'], icons: ['thermometer', 'heater'], words: { en: ['heat', 'heating', 'warmth', 'temperature', 'heat pump'], de: ['Wärme', 'Hitze', 'Heizung', 'Temperatur', 'Wärmepumpe'], fr: ['chaleur', 'chauffage', 'température', 'pompe à chaleur'], es: ['calor', 'calefacción', 'temperatura', 'bomba de calor'] } },
  { pictures: ['snowflake'], icons: ['snowflake'], words: { en: ['cold', 'cooling', 'refrigerant', 'coolant', 'freezer', 'fridge', 'refrigerator'], de: ['Kälte', 'Kühlung', 'Kühlmittel', 'Kältemittel', 'Kühlschrank'], fr: ['froid', 'réfrigérant', 'frigo', 'réfrigérateur', 'refroidissement'], es: ['frío', 'refrigerante', 'nevera', 'frigorífico', 'refrigeración'] } },
  { pictures: ['wind-face'], icons: ['wind'], words: { en: ['air', 'airflow', 'wind', 'breeze'], de: ['Luft', 'Wind'], fr: ['air', 'vent'], es: ['aire', 'viento'] } },
  { pictures: ['automobile'], icons: ['car'], words: { en: ['car', 'vehicle'], de: ['Auto', 'Pkw', 'Fahrzeug'], fr: ['voiture', 'véhicule'], es: ['coche', 'carro', 'auto', 'vehículo'] } },
  { pictures: ['office-building'], icons: ['building'], words: { en: ['office', 'headquarters'], de: ['Büro', 'Zentrale'], fr: ['bureau', 'siège'], es: ['oficina', 'sede'] } },
  { pictures: ['locked'], icons: ['lock', 'shield'], words: { en: ['security', 'secure', 'password', 'privacy', 'encryption', 'encrypted'], de: ['Sicherheit', 'Passwort', 'Datenschutz', 'Verschlüsselung', 'verschlüsselt'], fr: ['sécurité', 'sécurisé', 'mot de passe', 'confidentialité', 'chiffrement', 'chiffré'], es: ['seguridad', 'contraseña', 'privacidad', 'cifrado'] } },
  { pictures: ['e-mail'], icons: ['mail'], words: { en: ['newsletter', 'email', 'e-mail', 'inbox'], de: ['Newsletter', 'E-Mail'], fr: ['newsletter', 'courriel', 'e-mail'], es: ['boletín', 'correo', 'email'] } },
  { pictures: ['chocolate-bar'], icons: [], words: { en: ['chocolate'], de: ['Schokolade'], fr: ['chocolat'], es: ['chocolate'] } },
  { pictures: ['cheese-wedge'], icons: [], words: { en: ['cheese'], de: ['Käse'], fr: ['fromage'], es: ['queso'] } },
  { pictures: ['high-voltage'], icons: ['zap'], words: { en: ['energy', 'electricity'], de: ['Energie', 'Strom', 'Elektrizität'], fr: ['énergie', 'électricité'], es: ['energía', 'electricidad'] } },
  { pictures: ['musical-notes'], icons: ['music'], words: { en: ['music', 'song'], de: ['Musik', 'Lied'], fr: ['musique', 'chanson'], es: ['música', 'canción'] } },
  { pictures: ['airplane'], icons: ['plane'], words: { en: ['plane', 'airplane', 'aeroplane', 'flight'], de: ['Flugzeug', 'Flug'], fr: ['avion'], es: ['avión', 'vuelo'] } },
  { pictures: ['lotion-bottle'], icons: [], words: { en: ['sunscreen', 'sunblock'], de: ['Sonnencreme', 'Sonnenschutz'], fr: ['crème solaire'], es: ['protector solar'] } },
  { pictures: ['desert-island'], icons: [], words: { en: ['island'], de: ['Insel'], fr: ['île'], es: ['isla'] } },
  { pictures: ['cloud-with-lightning-and-rain'], icons: ['cloud-lightning'], words: { en: ['storm', 'stormy', 'thunderstorm'], de: ['Sturm', 'Gewitter', 'stürmisch'], fr: ['tempête', 'orage'], es: ['tormenta'] } },
  { pictures: ['syringe'], icons: ['syringe'], words: { en: ['vaccine', 'vaccination', 'immunization'], de: ['Impfung', 'Impfstoff', 'Impfen'], fr: ['vaccin', 'vaccination'], es: ['vacuna', 'vacunación'] } },
  { pictures: ['pizza'], icons: ['pizza'], words: { en: ['pizza', 'pizzeria'], de: ['Pizza', 'Pizzeria'], fr: ['pizza', 'pizzeria'], es: ['pizza', 'pizzería'] } },
  { pictures: ['tooth', 'toothbrush'], icons: [], words: { en: ['tooth', 'teeth', 'dentist', 'dental'], de: ['Zahn', 'Zähne', 'Zahnarzt'], fr: ['dent', 'dentiste'], es: ['diente', 'dentista'] } },
  { pictures: ['fork-and-knife-with-plate'], icons: ['utensils'], words: { en: ['lunch', 'dinner', 'breakfast', 'meal'], de: ['Mittagessen', 'Abendessen', 'Frühstück', 'Mahlzeit'], fr: ['déjeuner', 'dîner', 'petit-déjeuner', 'repas'], es: ['almuerzo', 'cena', 'desayuno', 'comida'] } },
  { pictures: ['green-salad'], icons: ['salad'], words: { en: ['nutrition', 'diet', 'healthy eating'], de: ['Ernährung', 'Diät'], fr: ['nutrition', 'alimentation'], es: ['nutrición', 'alimentación', 'dieta'] } },
  { pictures: ['globe-showing-europe-africa'], icons: ['earth'], words: { en: ['climate', 'climate change', 'global warming'], de: ['Klima', 'Klimawandel', 'Erderwärmung'], fr: ['climat', 'changement climatique', 'réchauffement climatique'], es: ['clima', 'cambio climático', 'calentamiento global'] } },
  { pictures: ['bicycle'], icons: ['bike'], words: { en: ['bike', 'bicycle', 'cycling', 'cyclist', 'bike lane', 'cycle lane', 'bicycle frame', 'bike frame'], de: ['Fahrrad', 'Radweg', 'Radfahrer', 'Radverkehr'], fr: ['vélo', 'bicyclette', 'cycliste', 'piste cyclable'], es: ['bicicleta', 'bici', 'ciclista', 'carril bici'] } },
  { pictures: ['footprints'], icons: ['footprints'], words: { en: ['steps a day', 'daily steps', 'walking', 'pedometer'], de: ['Schrittzahl', 'Spaziergang', 'Gehen'], fr: ['pas par jour', 'marche à pied'], es: ['pasos al día', 'caminar'] } },
  { pictures: ['lemon'], icons: ['citrus'], words: { en: ['lemon', 'lemonade'], de: ['Zitrone', 'Limonade'], fr: ['citron', 'limonade'], es: ['limón', 'limonada'] } },
  { pictures: ['spiral-calendar'], icons: ['calendar'], words: { en: ['event', 'meetup', 'conference'], de: ['Veranstaltung', 'Event', 'Konferenz'], fr: ['événement', 'conférence'], es: ['evento', 'conferencia'] } },
  // Business words: Lucide's tags name them, but on a dozen icons each ("performance": a drum, a
  // guitar), so the search alone gives no icon; an illustration only where one is plain.
  { pictures: ['bar-chart'], icons: ['chart-column'], words: { en: ['analytics', 'statistics', 'metrics', 'kpi', 'dashboard'], de: ['Analyse', 'Statistik', 'Kennzahl', 'KPI', 'Dashboard'], fr: ['analyse', 'statistique', 'indicateur', 'tableau de bord'], es: ['analítica', 'estadística', 'métrica', 'indicador'] } },
  { pictures: ['bullseye'], icons: ['target'], words: { en: ['strategy', 'goal', 'target', 'objective'], de: ['Strategie', 'Ziel', 'Zielsetzung'], fr: ['stratégie', 'objectif', 'cible'], es: ['estrategia', 'objetivo', 'meta'] } },
  { pictures: ['speech-balloon'], icons: ['message-square'], words: { en: ['feedback', 'comment', 'review'], de: ['Feedback', 'Rückmeldung', 'Kommentar'], fr: ['commentaire', 'avis'], es: ['comentario', 'opinión', 'reseña'] } },
  { pictures: ['warning'], icons: ['triangle-alert'], words: { en: ['risk', 'hazard'], de: ['Risiko', 'Gefahr'], fr: ['risque', 'danger'], es: ['riesgo', 'peligro'] } },
  { pictures: ['balance-scale'], icons: ['scale'], words: { en: ['compliance', 'regulation', 'legal'], de: ['Compliance', 'Regulierung', 'Vorschrift'], fr: ['conformité', 'réglementation', 'juridique'], es: ['cumplimiento', 'normativa', 'legal'] } },
  { pictures: [], icons: ['gauge'], words: { en: ['performance', 'efficiency', 'speed'], de: ['Leistung', 'Effizienz', 'Geschwindigkeit'], fr: ['performance', 'efficacité', 'vitesse'], es: ['rendimiento', 'eficiencia', 'velocidad'] } },
  { pictures: [], icons: ['list-checks'], words: { en: ['task', 'to-do', 'checklist'], de: ['Aufgabe', 'Checkliste'], fr: ['tâche', 'liste de contrôle'], es: ['tarea', 'lista de control'] } },
  // No illustration: "room" alone finds the men's room; "picks" in a headline are choices, not pickaxes.
  { pictures: [], icons: [], words: { en: ['pick'], de: [], fr: [], es: [] } },
  { pictures: [], icons: [], words: { en: ['room'], de: ['Raum'], fr: ['salle'], es: ['sala'] } },
  // A bottle, and glass as a material: "glass bottle" found spectacles (CLDR's "glasses"). Not
  // "glass" alone: "glasses" stems to it.
  { pictures: ['bottle-with-popping-cork'], icons: ['wine'], words: { en: ['bottle', 'glass bottle', 'recycled glass', 'broken glass'], de: ['Flasche', 'Glasflasche', 'Altglas'], fr: ['bouteille', 'bouteille en verre', 'verre recyclé'], es: ['botella', 'botella de vidrio', 'vidrio reciclado'] } },
  // Yes and no, as a comparison's two sides say them: a tick and a cross.
  { pictures: [], icons: ['check'], words: { en: ['yes'], de: ['ja'], fr: ['oui'], es: ['sí'] } },
  { pictures: [], icons: ['x'], words: { en: ['no'], de: ['nein'], fr: ['non'], es: ['no'] } },
  // What goes in and what comes out, as a comparison's two sides say it: the English fallback read
  // Spanish "sale" (it goes out) as a sale, a shopping cart.
  { pictures: [], icons: ['log-in'], words: { en: ['input', 'what goes in'], de: ['nimmt auf', 'was reingeht', 'Eingang'], fr: ['ce qui entre', 'intrant'], es: ['entra', 'entrada', 'lo que entra'] } },
  { pictures: [], icons: ['log-out'], words: { en: ['output', 'what comes out'], de: ['gibt ab', 'was rauskommt', 'Ausgang'], fr: ['sortie', 'ce qui sort'], es: ['sale', 'salida', 'lo que sale'] } },
  // What people explain (issue 39, point 4): people and professions, buildings and landmarks, the
  // body, tools, food and devices. CLDR names the people emoji ("health worker") but not the words
  // people say ("nurse", "doctor"), and the search ranks faces and people low; these rows say it.
  { pictures: ['health-worker', 'woman-health-worker', 'man-health-worker'], icons: ['stethoscope'], words: { en: ['nurse', 'nursing', 'doctor', 'physician', 'gp', 'carer', 'caregiver', 'care worker', 'paramedic', 'midwife', 'health worker'], de: ['Krankenschwester', 'Krankenpfleger', 'Pflegekraft', 'Pfleger', 'Pflegerin', 'Pflegefachkraft', 'Arzt', 'Ärztin', 'Hebamme'], fr: ['infirmier', 'infirmière', 'médecin', 'docteur', 'aide-soignant', 'aide-soignante', 'soignant', 'sage-femme'], es: ['enfermero', 'enfermera', 'médico', 'médica', 'doctor', 'doctora', 'cuidador', 'cuidadora', 'sanitario', 'matrona'] } },
  { pictures: ['heart-hands'], icons: ['heart-handshake'], words: { en: ['care', 'caring', 'compassion', 'kindness'], de: ['Fürsorge', 'Mitgefühl'], fr: ['soin', 'bienveillance', 'compassion'], es: ['cuidado', 'compasión', 'bondad'] } },
  { pictures: ['hospital'], icons: ['hospital'], words: { en: ['hospital', 'clinic', 'health care', 'healthcare', 'ward'], de: ['Krankenhaus', 'Klinik', 'Spital', 'Gesundheitswesen'], fr: ['hôpital', 'clinique', 'santé publique'], es: ['hospital', 'clínica', 'sanidad'] } },
  { pictures: ['teacher', 'woman-teacher', 'man-teacher'], icons: ['graduation-cap'], words: { en: ['teacher', 'tutor', 'lecturer'], de: ['Lehrer', 'Lehrerin', 'Lehrkraft'], fr: ['enseignant', 'enseignante', 'professeur', 'institutrice', 'instituteur'], es: ['profesor', 'profesora', 'maestro', 'maestra', 'docente'] } },
  { pictures: ['student', 'woman-student', 'man-student'], icons: ['backpack'], words: { en: ['student', 'pupil', 'schoolchild'], de: ['Schülerin', 'Student', 'Studentin'], fr: ['élève', 'étudiant', 'étudiante'], es: ['estudiante', 'alumno', 'alumna'] } },
  // No French or German "chef": a boss.
  { pictures: ['cook', 'woman-cook', 'man-cook'], icons: ['chef-hat'], words: { en: ['chef', 'cook'], de: ['Koch', 'Köchin'], fr: ['cuisinier', 'cuisinière'], es: ['cocinero', 'cocinera', 'chef'] } },
  { pictures: ['construction-worker', 'factory-worker'], icons: ['hard-hat'], words: { en: ['worker', 'builder', 'construction worker', 'labourer', 'laborer', 'warehouse worker', 'hard hat', 'safety helmet'], de: ['Arbeiter', 'Arbeiterin', 'Bauarbeiter', 'Handwerker', 'Lagerarbeiter', 'Schutzhelm', 'Bauhelm'], fr: ['ouvrier', 'ouvrière', 'magasinier', 'casque de chantier'], es: ['obrero', 'obrera', 'trabajador', 'trabajadora', 'albañil', 'casco de obra'] } },
  { pictures: ['factory-worker'], icons: ['factory'], words: { en: ['factory worker'], de: ['Fabrikarbeiter'], fr: ["ouvrier d'usine"], es: ['operario'] } },
  { pictures: ['farmer', 'woman-farmer', 'man-farmer'], icons: ['tractor'], words: { en: ['farmer', 'grower'], de: ['Landwirt', 'Landwirtin', 'Bauer', 'Bäuerin'], fr: ['agriculteur', 'agricultrice', 'fermier', 'paysan'], es: ['agricultor', 'agricultora', 'granjero', 'campesino'] } },
  { pictures: ['firefighter', 'woman-firefighter', 'man-firefighter'], icons: ['flame'], words: { en: ['firefighter', 'fireman', 'fire brigade', 'fire department'], de: ['Feuerwehrmann', 'Feuerwehrfrau', 'Feuerwehr'], fr: ['pompier', 'sapeur-pompier'], es: ['bombero', 'bombera', 'bomberos'] } },
  { pictures: ['police-officer', 'woman-police-officer', 'man-police-officer'], icons: ['shield'], words: { en: ['police', 'police officer', 'policeman', 'policewoman'], de: ['Polizei', 'Polizist', 'Polizistin'], fr: ['police', 'policier', 'policière', 'gendarme'], es: ['policía', 'agente de policía'] } },
  { pictures: ['scientist', 'woman-scientist', 'man-scientist'], icons: ['flask-conical'], words: { en: ['scientist', 'researcher', 'chemist', 'lab'], de: ['Wissenschaftler', 'Wissenschaftlerin', 'Forscher', 'Forscherin', 'Labor'], fr: ['scientifique', 'chercheur', 'chercheuse', 'laboratoire'], es: ['científico', 'científica', 'investigador', 'investigadora', 'laboratorio'] } },
  { pictures: ['technologist', 'woman-technologist', 'man-technologist'], icons: ['code'], words: { en: ['developer', 'programmer', 'coder', 'software engineer'], de: ['Entwickler', 'Entwicklerin', 'Programmierer', 'Programmiererin'], fr: ['développeur', 'développeuse', 'programmeur'], es: ['desarrollador', 'desarrolladora', 'programador', 'programadora'] } },
  { pictures: ['pilot', 'woman-pilot', 'man-pilot'], icons: ['plane'], words: { en: ['pilot'], de: ['Pilot', 'Pilotin'], fr: ['pilote'], es: ['piloto'] } },
  { pictures: ['mechanic', 'woman-mechanic', 'man-mechanic'], icons: ['wrench'], words: { en: ['mechanic', 'technician', 'repairer', 'electrician', 'plumber'], de: ['Mechaniker', 'Mechanikerin', 'Techniker', 'Elektriker', 'Klempner'], fr: ['mécanicien', 'mécanicienne', 'technicien', 'électricien', 'plombier'], es: ['mecánico', 'mecánica', 'técnico', 'electricista', 'fontanero'] } },
  { pictures: ['judge', 'woman-judge', 'man-judge'], icons: ['gavel'], words: { en: ['judge', 'court', 'lawyer'], de: ['Richter', 'Richterin', 'Gericht', 'Anwalt', 'Anwältin'], fr: ['juge', 'tribunal'], es: ['juez', 'jueza', 'tribunal', 'abogado', 'abogada'] } },
  { pictures: ['artist', 'artist-palette'], icons: ['palette'], words: { en: ['artist', 'painter'], de: ['Künstler', 'Künstlerin', 'Maler', 'Malerin'], fr: ['artiste', 'peintre'], es: ['artista', 'pintor', 'pintora'] } },
  { pictures: ['astronaut'], icons: ['rocket'], words: { en: ['astronaut', 'cosmonaut'], de: ['Astronaut', 'Astronautin'], fr: ['astronaute', 'spationaute'], es: ['astronauta'] } },
  { pictures: ['military-helmet'], icons: ['shield'], words: { en: ['army', 'soldier', 'military'], de: ['Armee', 'Soldat', 'Soldatin', 'Militär', 'Bundeswehr'], fr: ['armée', 'soldat', 'militaire'], es: ['ejército', 'soldado', 'militar'] } },
  { pictures: ['child', 'children-crossing'], icons: ['baby'], words: { en: ['child', 'children', 'kid', 'kids'], de: ['Kind', 'Kinder'], fr: ['enfant'], es: ['niño', 'niña', 'niños'] } },
  { pictures: ['older-person'], icons: ['user'], words: { en: ['elderly', 'older people', 'older person', 'pensioner', 'grandparent'], de: ['Senioren', 'Rentner', 'Rentnerin', 'Großeltern'], fr: ['personne âgée', 'retraité', 'grands-parents'], es: ['anciano', 'anciana', 'jubilado', 'abuelos'] } },
  { pictures: ['busts-in-silhouette'], icons: ['users'], words: { en: ['crowd', 'audience', 'spectator', 'visitor', 'fan club', 'group of people', 'people group'], de: ['Publikum', 'Zuschauer', 'Menschenmenge', 'Besucher', 'Menschengruppe', 'Gruppe von Menschen'], fr: ['foule', 'public', 'spectateur', 'visiteur', 'groupe de personnes', 'groupe de gens'], es: ['multitud', 'público', 'espectador', 'visitante', 'grupo de personas', 'grupo de gente'] } },
  // Buildings and landmarks. Italian is read as English (the catalog has no Italian annotations), so
  // the Colosseum's Italian name is listed with the English ones. No set draws the Eiffel Tower: the
  // Tokyo Tower it would find is another tower, so it gets no illustration.
  { pictures: ['classical-building', 'stadium'], icons: ['landmark'], words: { en: ['colosseum', 'coliseum', 'colosseo', 'amphitheatre', 'amphitheater', 'anfiteatro', 'roman forum', 'ancient rome', 'parthenon', 'acropolis', 'museum', 'ruins'], de: ['Kolosseum', 'Amphitheater', 'Forum Romanum', 'Museum', 'Ruine'], fr: ['colisée', 'amphithéâtre', 'forum romain', 'musée', 'ruines'], es: ['coliseo', 'anfiteatro', 'foro romano', 'museo', 'ruinas'] } },
  { pictures: [], icons: ['landmark'], words: { en: ['eiffel tower', 'big ben', 'leaning tower of pisa', 'torre di pisa', 'brandenburg gate', 'sagrada familia'], de: ['Eiffelturm', 'Brandenburger Tor', 'Schiefer Turm von Pisa'], fr: ['tour eiffel', 'tour de pise', 'porte de brandebourg'], es: ['torre eiffel', 'torre de pisa', 'sagrada familia'] } },
  // The White House is no house, and a palace (Kublai Khan's court) no European castle: no set draws either.
  { pictures: [], icons: ['landmark'], words: { en: ['white house', 'palace', 'royal palace', 'imperial palace'], de: ['Weißes Haus', 'Palast', 'Königspalast'], fr: ['maison blanche', 'palais', 'palais royal'], es: ['casa blanca', 'palacio', 'palacio real'] } },
  { pictures: ['stadium'], icons: [], words: { en: ['stadium', 'arena'], de: ['Stadion', 'Arena'], fr: ['stade', 'arène'], es: ['estadio', 'arena'] } },
  { pictures: ['church'], icons: ['church'], words: { en: ['church', 'cathedral', 'chapel'], de: ['Kirche', 'Dom', 'Kathedrale', 'Kapelle'], fr: ['église', 'cathédrale', 'chapelle'], es: ['iglesia', 'catedral', 'capilla'] } },
  { pictures: ['castle'], icons: ['castle'], words: { en: ['castle', 'fortress'], de: ['Burg', 'Festung'], fr: ['château fort', 'forteresse'], es: ['castillo', 'fortaleza'] } },
  { pictures: ['convenience-store', 'department-store'], icons: ['store'], words: { en: ['shop', 'supermarket', 'grocery store', 'corner shop'], de: ['Laden', 'Geschäft', 'Supermarkt'], fr: ['magasin', 'boutique', 'supermarché', 'épicerie'], es: ['tienda', 'supermercado', 'comercio'] } },
  { pictures: ['fork-and-knife-with-plate'], icons: ['utensils'], words: { en: ['restaurant', 'canteen'], de: ['Restaurant', 'Kantine', 'Gaststätte'], fr: ['restaurant', 'cantine'], es: ['restaurante', 'comedor'] } },
  { pictures: ['airplane-departure'], icons: ['plane-takeoff'], words: { en: ['airport'], de: ['Flughafen'], fr: ['aéroport'], es: ['aeropuerto'] } },
  { pictures: ['station'], icons: ['train-front'], words: { en: ['train station', 'railway station'], de: ['Bahnhof'], fr: ['gare'], es: ['estación de tren'] } },
  // No set draws a warehouse or its shelves: an office tower is another building.
  { pictures: [], icons: ['warehouse'], words: { en: ['warehouse', 'depot', 'warehouse shelf', 'warehouse shelves', 'storage shelf'], de: ['Lager', 'Lagerhalle', 'Lagerregal'], fr: ['entrepôt', 'étagère d\'entrepôt'], es: ['almacén', 'estantería de almacén'] } },
  // The body: a chicken drumstick is no leg that hurts ("poultry leg" is CLDR's).
  { pictures: ['leg'], icons: [], words: { en: ['leg', 'knee', 'thigh', 'calf muscle'], de: ['Bein', 'Knie', 'Oberschenkel'], fr: ['jambe', 'genou', 'cuisse'], es: ['pierna', 'rodilla', 'muslo'] } },
  { pictures: ['foot'], icons: ['footprints'], words: { en: ['foot', 'feet', 'ankle', 'heel'], de: ['Fuß', 'Füße', 'Ferse', 'Knöchel'], fr: ['pied', 'cheville', 'talon'], es: ['pie', 'tobillo', 'talón'] } },
  { pictures: ['flexed-biceps'], icons: ['biceps-flexed'], words: { en: ['muscle', 'arm', 'strength', 'biceps'], de: ['Muskel', 'Arm', 'Kraft', 'Bizeps'], fr: ['muscle', 'bras', 'force', 'biceps'], es: ['músculo', 'brazo', 'fuerza', 'bíceps'] } },
  // A heart no context reads as the organ (src/catalog/visuals/word-senses.ts) is love's: never the card suit.
  { pictures: ['red-heart'], icons: ['heart'], words: { en: ['heart'], de: ['Herz'], fr: ['cœur'], es: ['corazón'] } },
  { pictures: ['anatomical-heart'], icons: ['heart-pulse'], words: { en: ['heartbeat', 'heart rate', 'cardiac', 'pulse'], de: ['Herzschlag', 'Puls', 'Herzfrequenz'], fr: ['battement de cœur', 'pouls', 'rythme cardiaque'], es: ['latido', 'pulso', 'frecuencia cardíaca'] } },
  { pictures: ['lungs'], icons: [], words: { en: ['lung', 'breathing'], de: ['Lunge', 'Atmung'], fr: ['poumon', 'respiration'], es: ['pulmón', 'pulmones', 'respiración'] } },
  { pictures: ['bone'], icons: ['bone'], words: { en: ['bone', 'skeleton', 'spine'], de: ['Knochen', 'Skelett', 'Wirbelsäule'], fr: ['os', 'squelette', 'colonne vertébrale'], es: ['hueso', 'esqueleto', 'columna vertebral'] } },
  { pictures: ['drop-of-blood'], icons: ['droplet'], words: { en: ['blood', 'blood donation'], de: ['Blut', 'Blutspende'], fr: ['sang', 'don du sang'], es: ['sangre', 'donación de sangre'] } },
  // Things plans name that the search reads by a part of their name: a frying pan is no Spanish
  // "pan" (bread), a speech bubble no soap bubble, an upward arrow no "ON!" arrow, roots no ginger.
  { pictures: ['cooking'], icons: ['cooking-pot'], words: { en: ['frying pan', 'skillet', 'pan'], de: ['Pfanne', 'Bratpfanne'], fr: ['poêle', 'poêle à frire'], es: ['sartén'] } },
  { pictures: ['speech-balloon'], icons: ['message-circle'], words: { en: ['speech bubble', 'speech balloon', 'chat', 'message'], de: ['Sprechblase', 'Chat', 'Nachricht'], fr: ['bulle de dialogue', 'discussion', 'message'], es: ['bocadillo', 'chat', 'mensaje'] } },
  { pictures: ['chart-increasing'], icons: ['trending-up'], words: { en: ['rising arrow', 'up arrow', 'upward arrow', 'arrow up'], de: ['Pfeil nach oben'], fr: ['flèche montante'], es: ['flecha hacia arriba'] } },
  { pictures: ['down-arrow'], icons: ['download'], words: { en: ['download', 'download arrow', 'down arrow'], de: ['Download', 'Herunterladen'], fr: ['téléchargement', 'télécharger'], es: ['descarga', 'descargar'] } },
  { pictures: [], icons: [], words: { en: ['root', 'roots', 'plant roots', 'tree roots'], de: ['Wurzel', 'Wurzeln'], fr: ['racine', 'racines'], es: ['raíz', 'raíces'] } },
  { pictures: [], icons: [], words: { en: ['light wave', 'light waves', 'wavelength', 'lantern'], de: ['Lichtwelle', 'Wellenlänge', 'Laterne'], fr: ['onde lumineuse', 'longueur d\'onde', 'lanterne'], es: ['onda de luz', 'longitud de onda', 'farol'] } },
  { pictures: ['speaker-high-volume'], icons: ['volume-2'], words: { en: ['sound wave', 'sound', 'loudspeaker'], de: ['Schallwelle', 'Ton', 'Lautsprecher'], fr: ['onde sonore', 'son', 'haut-parleur'], es: ['onda sonora', 'sonido', 'altavoz'] } },
  { pictures: ['stadium'], icons: [], words: { en: ['running track', 'athletics track'], de: ['Laufbahn', 'Tartanbahn'], fr: ["piste d'athlétisme"], es: ['pista de atletismo'] } },
  { pictures: ['bowl-with-spoon'], icons: [], words: { en: ['mixing bowl', 'dough bowl', 'bowl', 'food bowl'], de: ['Schüssel', 'Rührschüssel', 'Napf'], fr: ['saladier', 'bol'], es: ['bol', 'cuenco', 'tazón'] } },
  { pictures: ['shower'], icons: ['shower-head'], words: { en: ['shower', 'shower head', 'showerhead', 'water-saving shower head'], de: ['Dusche', 'Duschkopf', 'Brause'], fr: ['douche', 'pommeau de douche'], es: ['ducha', 'cabezal de ducha', 'alcachofa de ducha'] } },
  { pictures: ['potable-water'], icons: ['droplet'], words: { en: ['tap', 'faucet'], de: ['Wasserhahn'], fr: ['robinet'], es: ['grifo'] } },
  { pictures: ['hyacinth'], icons: ['flower'], words: { en: ['violet flower', 'violet', 'purple flower'], de: ['Veilchen'], fr: ['violette'], es: ['violeta'] } },
  { pictures: ['shortcake', 'birthday-cake'], icons: ['cake'], words: { en: ['cake', 'gateau'], de: ['Kuchen', 'Torte'], fr: ['gâteau'], es: ['pastel', 'tarta'] } },
  { pictures: ['purse'], icons: ['wallet'], words: { en: ['wallet', 'purse'], de: ['Geldbörse', 'Portemonnaie'], fr: ['portefeuille', 'porte-monnaie'], es: ['cartera', 'monedero'] } },
  { pictures: ['globe-showing-europe-africa'], icons: ['earth'], words: { en: ['globe', 'planet', 'world'], de: ['Globus', 'Planet', 'Welt'], fr: ['globe', 'planète', 'monde'], es: ['globo terráqueo', 'planeta', 'mundo'] } },
  { pictures: ['spiral-shell'], icons: ['shell'], words: { en: ['seashell', 'shell'], de: ['Muschel'], fr: ['coquillage'], es: ['concha', 'caracola'] } },
  { pictures: ['cat'], icons: ['cat'], words: { en: ['kitten', 'kitty'], de: ['Kätzchen'], fr: ['chaton'], es: ['gatito'] } },
  { pictures: ['deciduous-tree', 'evergreen-tree'], icons: ['trees'], words: { en: ['forest', 'woods', 'woodland'], de: ['Wald'], fr: ['forêt'], es: ['bosque'] } },
  { pictures: ['couch-and-lamp'], icons: ['sofa'], words: { en: ['sofa', 'couch'], de: ['Sofa', 'Couch'], fr: ['canapé'], es: ['sofá'] } },
  { pictures: ['fire'], icons: ['flame'], words: { en: ['flame', 'fire', 'campfire'], de: ['Flamme', 'Feuer'], fr: ['flamme', 'feu'], es: ['fuego', 'hoguera'] } },
  { pictures: ['wastebasket'], icons: ['trash-2'], words: { en: ['trash can', 'bin', 'rubbish', 'garbage', 'trash'], de: ['Mülleimer', 'Müll', 'Abfall'], fr: ['poubelle', 'déchets', 'ordures'], es: ['basura', 'cubo de basura', 'residuos'] } },
  { pictures: ['fork-and-knife'], icons: ['utensils'], words: { en: ['fork', 'cutlery', 'knife and fork'], de: ['Gabel', 'Besteck'], fr: ['fourchette', 'couverts'], es: ['tenedor', 'cubiertos'] } },
  { pictures: ['locked'], icons: ['lock'], words: { en: ['padlock'], de: ['Vorhängeschloss', 'Fahrradschloss'], fr: ['cadenas'], es: ['candado'] } },
  { pictures: ['full-moon'], icons: ['moon'], words: { en: ['moon', 'full moon'], de: ['Mond', 'Vollmond'], fr: ['lune', 'pleine lune'], es: ['luna', 'luna llena'] } },
  { pictures: ['red-question-mark'], icons: ['circle-help'], words: { en: ['question mark', 'question'], de: ['Fragezeichen', 'Frage'], fr: ["point d'interrogation", 'question'], es: ['signo de interrogación', 'pregunta'] } },
  { pictures: ['running-shoe'], icons: ['footprints'], words: { en: ['running shoe', 'trail running shoe', 'trail shoe', 'sneaker', 'trainer', 'old sneaker'], de: ['Laufschuh', 'Turnschuh', 'Sneaker'], fr: ['chaussure de course', 'basket', 'chaussure de trail'], es: ['zapatilla', 'zapatilla de correr', 'zapatilla de trail'] } },
  { pictures: ['hourglass-not-done', 'hourglass-done'], icons: ['hourglass'], words: { en: ['hourglass', 'sand timer'], de: ['Sanduhr'], fr: ['sablier'], es: ['reloj de arena'] } },
  { pictures: ['soccer-ball'], icons: [], words: { en: ['football', 'soccer'], de: ['Fußball'], fr: ['football'], es: ['fútbol'] } },
  // A helmet a rider or a climber wears is no soldier's: no set draws one. A hole is no golf hole.
  { pictures: [], icons: ['hard-hat'], words: { en: ['helmet', 'bike helmet', 'cycling helmet'], de: ['Helm', 'Fahrradhelm'], fr: ['casque', 'casque de vélo'], es: ['casco', 'casco de bici'] } },
  { pictures: [], icons: [], words: { en: ['hole'], de: ['Loch'], fr: ['trou'], es: ['agujero'] } },
  // Bells chime; a wind chime is named whole.
  { pictures: ['bell'], icons: ['bell'], words: { en: ['chime', 'chimes', 'bell'], de: ['Glocke', 'Glockenspiel'], fr: ['cloche', 'carillon'], es: ['campana', 'campanada'] } },
  // Tools and work gear.
  { pictures: ['jar'], icons: [], words: { en: ['jar', 'glass jar', 'jam jar', 'mason jar'], de: ['Einmachglas', 'Schraubglas', 'Marmeladenglas'], fr: ['bocal', 'pot en verre'], es: ['tarro', 'frasco', 'tarro de cristal'] } },
  { pictures: ['magnifying-glass-tilted-left'], icons: ['search'], words: { en: ['magnifying glass', 'magnifier', 'loupe'], de: ['Lupe', 'Vergrößerungsglas'], fr: ['loupe'], es: ['lupa'] } },
  { pictures: ['triangular-flag'], icons: ['flag'], words: { en: ['flag', 'banner'], de: ['Fahne', 'Flagge'], fr: ['drapeau'], es: ['bandera'] } },
  { pictures: ['package'], icons: ['package'], words: { en: ['box', 'cardboard box', 'carton', 'moving box', 'shipping box', 'heavy box', 'crate'], de: ['Karton', 'Kiste', 'Umzugskarton', 'Schachtel'], fr: ['carton', 'caisse', 'boîte', 'boîte en carton'], es: ['caja', 'cartón', 'caja de cartón'] } },
  { pictures: ['gloves'], icons: [], words: { en: ['glove', 'work gloves', 'safety gloves'], de: ['Handschuh', 'Arbeitshandschuh'], fr: ['gant', 'gants de travail'], es: ['guante', 'guantes de trabajo'] } },
  { pictures: ['toolbox', 'hammer-and-wrench'], icons: ['wrench'], words: { en: ['tool', 'tools', 'toolbox', 'toolkit', 'repair'], de: ['Werkzeug', 'Werkzeugkasten', 'Reparatur'], fr: ['outil', 'boîte à outils', 'réparation'], es: ['herramienta', 'caja de herramientas', 'reparación'] } },
  { pictures: ['hammer'], icons: ['hammer'], words: { en: ['hammer'], de: ['Hammer'], fr: ['marteau'], es: ['martillo'] } },
  { pictures: ['screwdriver'], icons: [], words: { en: ['screwdriver'], de: ['Schraubenzieher', 'Schraubendreher'], fr: ['tournevis'], es: ['destornillador'] } },
  { pictures: ['carpentry-saw'], icons: [], words: { en: ['saw', 'handsaw'], de: ['Säge'], fr: ['scie'], es: ['sierra'] } },
  // A boiler burns gas or oil: its flame, not a fuel pump (not "furnace": glass melts in one).
  { pictures: ['fire'], icons: ['flame'], words: { en: ['gas boiler', 'oil boiler', 'boiler', 'gas heating', 'oil heating'], de: ['Gaskessel', 'Ölkessel', 'Heizkessel', 'Gasheizung', 'Ölheizung', 'Gastherme'], fr: ['chaudière', 'chaudière à gaz', 'chauffage au gaz', 'chauffage au fioul'], es: ['caldera', 'caldera de gas', 'calefacción de gas'] } },
  // A vase, pottery and porcelain: CLDR's amphora says none of these words.
  { pictures: ['amphora'], icons: ['amphora'], words: { en: ['vase', 'porcelain', 'porcelain vase', 'pottery', 'ceramics', 'amphora'], de: ['Vase', 'Porzellan', 'Keramik', 'Töpferei', 'Amphore'], fr: ['vase', 'porcelaine', 'poterie', 'céramique', 'amphore'], es: ['jarrón', 'florero', 'porcelana', 'cerámica', 'alfarería', 'ánfora'] } },
  // A ballot box is a vote, not a cardboard box.
  { pictures: ['ballot-box-with-ballot'], icons: ['vote'], words: { en: ['ballot box', 'ballot', 'election', 'voting', 'vote', 'polling station'], de: ['Wahlurne', 'Stimmzettel', 'Wahllokal', 'Abstimmung'], fr: ['urne', 'bulletin de vote', 'élection', 'scrutin'], es: ['urna', 'papeleta', 'elecciones', 'votación'] } },
  // A delivery van is its truck; the package the word "delivery" alone gives is what it carries. Not
  // "van" alone: "Van Gogh" would show a truck.
  { pictures: ['delivery-truck'], icons: ['truck'], words: { en: ['delivery van', 'courier van', 'delivery truck'], de: ['Lieferwagen', 'Transporter'], fr: ['camionnette', 'camion de livraison'], es: ['furgoneta', 'camión de reparto'] } },
  // Food a recipe names that CLDR keeps as keywords or under another name.
  { pictures: ['pancakes'], icons: [], words: { en: ['pancake', 'pancakes', 'crepe'], de: ['Pfannkuchen', 'Pancake'], fr: ['pancake', 'crêpe'], es: ['tortita', 'tortitas', 'panqueque', 'crepe'] } },
  { pictures: ['sheaf-of-rice'], icons: ['wheat'], words: { en: ['flour', 'grain', 'oat flour'], de: ['Mehl', 'Getreide', 'Hafermehl'], fr: ['farine', 'céréales', "farine d'avoine"], es: ['harina', 'harina de avena'] } },
  // Oats as they are eaten: a bowl of porridge or cereal, not a sheaf of rice.
  { pictures: ['bowl-with-spoon', 'sheaf-of-rice'], icons: ['wheat'], words: { en: ['oats', 'oat', 'rolled oats', 'oatmeal', 'porridge', 'overnight oats', 'muesli', 'granola', 'cereal'], de: ['Hafer', 'Haferflocken', 'Porridge', 'Haferbrei', 'Müsli'], fr: ['avoine', "flocons d'avoine", 'porridge', 'muesli'], es: ['avena', 'copos de avena', 'gachas', 'muesli', 'cereal'] } },
  { pictures: ['blueberries', 'strawberry'], icons: ['cherry'], words: { en: ['berries', 'berry', 'mixed berries', 'fresh berries'], de: ['Beeren', 'Beere', 'Waldbeeren'], fr: ['baies', 'fruits rouges', 'petits fruits'], es: ['bayas', 'frutos rojos', 'frutos del bosque'] } },
  { pictures: ['glass-of-milk'], icons: ['milk'], words: { en: ['milk', 'milk bottle', 'bottle of milk', 'glass of milk', 'milk carton'], de: ['Milch', 'Milchflasche'], fr: ['lait', 'bouteille de lait', 'brique de lait'], es: ['leche', 'botella de leche', 'cartón de leche'] } },
  // Devices.
  { pictures: ['desktop-computer'], icons: ['server'], words: { en: ['server', 'web server', 'data centre', 'data center'], de: ['Server', 'Webserver', 'Rechenzentrum'], fr: ['serveur', 'serveur web', 'centre de données'], es: ['servidor', 'servidor web', 'centro de datos'] } },
  // A desk one works at is its computer ("Le poste de travail"); not "desk" alone, whose pictures were judged none.
  { pictures: ['desktop-computer'], icons: ['monitor'], words: { en: ['office desk', 'work desk', 'computer desk', 'workstation'], de: ['Computerarbeitsplatz', 'Bildschirmarbeitsplatz'], fr: ['poste de travail', 'poste informatique'], es: ['estación de trabajo', 'escritorio de oficina'] } },
  // A desk or table lamp is a light bulb: the search found an oil lamp (diya) and a sofa with a floor lamp.
  { pictures: ['light-bulb'], icons: ['lamp-desk'], words: { en: ['lamp', 'desk lamp', 'table lamp', 'reading lamp', 'lightbulb'], de: ['Lampe', 'Schreibtischlampe', 'Tischlampe', 'Glühbirne'], fr: ['lampe', 'lampe de bureau', 'ampoule'], es: ['lámpara', 'lámpara de escritorio', 'bombilla'] } },
  { pictures: ['diya-lamp'], icons: ['flame'], words: { en: ['oil lamp', 'diya'], de: ['Öllampe'], fr: ['lampe à huile'], es: ['lámpara de aceite'] } },
  // A phone book (DNS is the internet's) is a card index of names and numbers, not a pile of books.
  { pictures: ['card-index'], icons: ['book-user'], words: { en: ['phone book', 'telephone directory', 'address book', 'contact list'], de: ['Telefonbuch', 'Adressbuch'], fr: ['annuaire', "carnet d'adresses"], es: ['guía telefónica', 'directorio telefónico', 'agenda de contactos'] } },
  { pictures: ['laptop'], icons: ['laptop'], words: { en: ['laptop', 'notebook computer'], de: ['Laptop', 'Notebook'], fr: ['ordinateur portable', 'portable'], es: ['portátil', 'laptop'] } },
  { pictures: ['television'], icons: ['tv'], words: { en: ['tv', 'television'], de: ['Fernseher', 'Fernsehen'], fr: ['télévision', 'télé'], es: ['televisión', 'tele'] } },
  { pictures: ['headphone'], icons: ['headphones'], words: { en: ['headphones', 'headset', 'earbuds'], de: ['Kopfhörer'], fr: ['casque audio', 'écouteurs'], es: ['auriculares'] } },
  { pictures: ['watch'], icons: ['watch'], words: { en: ['smartwatch', 'wristwatch'], de: ['Smartwatch', 'Armbanduhr'], fr: ['montre', 'montre connectée'], es: ['reloj de pulsera', 'smartwatch'] } },
  // Line icons only: people and work words an illustration would put a face on.
  { pictures: [], icons: ['users'], words: { en: ['team', 'sales team', 'customer', 'user', 'staff', 'people'], de: ['Team', 'Vertriebsteam', 'Kunde', 'Kundin', 'Nutzer', 'Personal'], fr: ['équipe', 'équipe commerciale', 'équipe de vente', 'client', 'utilisateur', 'personnel'], es: ['equipo', 'equipo de ventas', 'cliente', 'usuario', 'personal'] } },
  { pictures: [], icons: ['users'], words: { en: ['member', 'membership', 'community', 'backer', 'supporter', 'subscriber', 'volunteer'], de: ['Mitglied', 'Gemeinschaft', 'Unterstützer', 'Abonnent', 'Ehrenamtliche'], fr: ['membre', 'communauté', 'contributeur', 'abonné', 'bénévole'], es: ['miembro', 'socio', 'comunidad', 'mecenas', 'suscriptor', 'voluntario'] } },
  { pictures: [], icons: ['refresh-cw'], words: { en: ['renewal', 'retention', 'renewal rate'], de: ['Verlängerung', 'Kundenbindung'], fr: ['renouvellement', 'fidélisation'], es: ['renovación', 'retención'] } },
  { pictures: [], icons: ['headset', 'life-buoy'], words: { en: ['support', 'helpdesk', 'help desk', 'customer service'], de: ['Support', 'Kundendienst', 'Kundenservice'], fr: ['support', 'assistance', 'service client'], es: ['soporte', 'asistencia', 'atención al cliente'] } },
  { pictures: [], icons: ['calendar'], words: { en: ['meeting', 'meeting room', 'appointment', 'schedule', 'subscription'], de: ['Meeting', 'Besprechungsraum', 'Termin', 'Besprechung', 'Abo', 'Abonnement'], fr: ['réunion', 'salle de réunion', 'rendez-vous', 'abonnement'], es: ['reunión', 'sala de reuniones', 'cita', 'suscripción'] } },
];

/**
 * The topic phrases of several words in a text, where they occur whole (folded, on word
 * boundaries): "La bomba de calor" holds "bomba de calor", which a reading word by word would
 * split at "de" and take for a bomb. Longest first.
 */
export function topicPhrasesIn(text: string, language: VisualLanguage): { phrase: string; topic: TopicWords }[] {
  const folded = ` ${foldText(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  const found: { phrase: string; topic: TopicWords }[] = [];
  for (const topic of TOPIC_WORDS) {
    for (const word of topic.words[language]) {
      const phrase = foldText(word).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
      if (phrase.includes(' ') && folded.includes(` ${phrase} `)) found.push({ phrase, topic });
    }
  }
  return found.sort((a, b) => b.phrase.length - a.phrase.length);
}

/** A topic word's entry: the stems of its words joined by ' ', per language. */
interface TopicEntry {
  topic: TopicWords;
}

const PLURALS: Record<VisualLanguage, readonly string[]> = { en: ['s', 'es'], de: ['e', 'en', 'n', 's'], fr: ['s', 'x'], es: ['s', 'es'] };

/**
 * The keys of a row's words in a language: each word's stems, then (`plurals`) its plural forms'
 * stems. The stemmer is light and a plural may stem apart from its singular ("coche" / "coches"
 * -> "coch"), so each word is also entered as its plurals.
 */
function topicKeys(topic: TopicWords, language: VisualLanguage, plurals: boolean): string[] {
  return topic.words[language].flatMap((word) => (plurals ? PLURALS[language].map((ending) => `${word}${ending}`) : [word])).map((form) => tokenize(form, language).join(' ')).filter(Boolean);
}

/**
 * Stems that two rows of the table share, per language ("ventes" and "vent" both stem to "vent"):
 * the test keeps this empty. A word's own form always wins over another row's plural form (Spanish
 * "sales", plural of "sale", stems as "sala" does: "sala" keeps its row), so only words against
 * words and plurals against plurals can collide.
 */
export function topicCollisions(): string[] {
  const collisions: string[] = [];
  for (const language of ['en', 'de', 'fr', 'es'] as const) {
    const words = new Map<string, TopicWords>();
    for (const topic of TOPIC_WORDS) for (const key of topicKeys(topic, language, false)) words.set(key, topic);
    for (const plurals of [false, true]) {
      const owner = new Map<string, TopicWords>();
      for (const topic of TOPIC_WORDS) {
        for (const key of topicKeys(topic, language, plurals)) {
          if (plurals && words.has(key)) continue;
          const previous = owner.get(key);
          if (previous && previous !== topic) collisions.push(`${language}: ${key}`);
          else owner.set(key, topic);
        }
      }
    }
  }
  return collisions;
}

let byLanguage: Record<VisualLanguage, Map<string, TopicEntry>> | undefined;

function topicIndex(): Record<VisualLanguage, Map<string, TopicEntry>> {
  if (!byLanguage) {
    const built = { en: new Map(), de: new Map(), fr: new Map(), es: new Map() } as Record<VisualLanguage, Map<string, TopicEntry>>;
    // Every row's own words first, then their plurals where no word has the key.
    for (const plurals of [false, true]) {
      for (const topic of TOPIC_WORDS) {
        for (const language of Object.keys(built) as VisualLanguage[]) {
          for (const key of topicKeys(topic, language, plurals)) if (!built[language].has(key)) built[language].set(key, { topic });
        }
      }
    }
    byLanguage = built;
  }
  return byLanguage;
}

// A German compound names what its last part names: "Sauerteig|brot" is a bread, "Strom|preis" a
// price. The first part must be a word of its own (three letters at least) and the last part a
// topic word of five letters at least ("Hochzeit" is no time, "Zeit" too short to count).
const MIN_COMPOUND_HEAD = 5;
const MIN_COMPOUND_REST = 3;

/**
 * The topic a word or phrase names in a language (stemmed like the search), or undefined. German
 * compounds are read by their last part when the whole is not in the table.
 */
export function topicOf(text: string, language: VisualLanguage): TopicWords | undefined {
  const index = topicIndex()[language];
  const stems = tokenize(text, language);
  const key = stems.join(' ');
  const found = index.get(key);
  if (found) return found.topic;
  if (language !== 'de' || stems.length !== 1) return undefined;
  const word = foldText(text).replace(/[^\p{L}\p{N}]+/gu, '');
  for (let start = MIN_COMPOUND_REST; start <= word.length - MIN_COMPOUND_HEAD; start += 1) {
    const head = index.get(tokenize(word.slice(start), language).join(' '));
    if (head) return head.topic;
  }
  return undefined;
}

// A German compound whose last part no table or search knows may still be about its first part:
// "Wasser|kreislauf" is about water. Both parts four letters at least ("Zeit|ung" is a newspaper).
const MIN_COMPOUND_MODIFIER = 4;
const MIN_COMPOUND_TAIL = 4;

/** The topic the first part of a German compound names ("Wasserkreislauf" -> water), for a stand-in only; undefined elsewhere. */
export function compoundModifierTopic(text: string, language: VisualLanguage): TopicWords | undefined {
  if (language !== 'de' || tokenize(text, language).length !== 1) return undefined;
  const word = foldText(text).replace(/[^\p{L}\p{N}]+/gu, '');
  const index = topicIndex()[language];
  for (let end = word.length - MIN_COMPOUND_TAIL; end >= MIN_COMPOUND_MODIFIER; end -= 1) {
    // German joins parts with an s or n: "Arbeit|s|zeit", "Sonne|n|licht".
    for (const part of [word.slice(0, end), word.slice(0, end).replace(/[sn]$/, '')]) {
      if (part.length < MIN_COMPOUND_MODIFIER) continue;
      const found = index.get(tokenize(part, language).join(' '));
      if (found) return found.topic;
    }
  }
  return undefined;
}
