import {
  Award,
  BatteryCharging,
  Bell,
  BookOpen,
  Brain,
  Briefcase,
  Calendar,
  Camera,
  Car,
  ChartColumn,
  ChartPie,
  Check,
  CircleCheck,
  CircleDot,
  Clock,
  Cloud,
  Code,
  Coffee,
  Compass,
  Cpu,
  CreditCard,
  Database,
  DollarSign,
  Droplet,
  Dumbbell,
  Flag,
  Gauge,
  Gift,
  Globe,
  GraduationCap,
  Handshake,
  Heart,
  Hourglass,
  House,
  Layers,
  Leaf,
  Lightbulb,
  Lock,
  Mail,
  MapPin,
  Megaphone,
  MessageCircle,
  Music,
  Package,
  Palette,
  Phone,
  PiggyBank,
  Plane,
  Puzzle,
  Recycle,
  Rocket,
  Search,
  Settings,
  Shield,
  ShieldCheck,
  ShoppingCart,
  Smile,
  Sparkles,
  Sprout,
  Star,
  Stethoscope,
  Sun,
  Target,
  TrendingUp,
  Trophy,
  Truck,
  User,
  Users,
  Utensils,
  Wallet,
  Wifi,
  Wrench,
  Zap,
  type LucideIcon,
} from 'lucide-react';

/**
 * The icons an icon grid can show, by name, each with the words that suggest it (a word matches
 * when it starts with one of them; words of three letters or fewer must match exactly). Earlier
 * icons win ties.
 */
const ICONS: readonly { name: string; icon: LucideIcon; words: string[] }[] = [
  { name: 'truck', icon: Truck, words: ['deliver', 'shipping', 'ship', 'shipped', 'truck', 'freight', 'logistic', 'courier', 'dispatch', 'transport'] },
  { name: 'brain', icon: Brain, words: ['brain', 'ai', 'intelligen', 'mind', 'think', 'cognitive', 'machine', 'neural', 'memory', 'mental'] },
  { name: 'zap', icon: Zap, words: ['fast', 'quick', 'instant', 'speed', 'rapid', 'energy', 'power', 'electric', 'lightning', 'boost'] },
  { name: 'rocket', icon: Rocket, words: ['launch', 'rocket', 'startup', 'scale', 'accelerat', 'takeoff', 'space'] },
  { name: 'gauge', icon: Gauge, words: ['performance', 'gauge', 'metric', 'efficien', 'benchmark', 'latency'] },
  { name: 'shield-check', icon: ShieldCheck, words: ['secure', 'security', 'safe', 'safety', 'protect', 'trust', 'verified', 'compliance', 'complian', 'privacy', 'gdpr', 'warranty', 'insur'] },
  { name: 'shield', icon: Shield, words: ['shield', 'defen', 'guard', 'armor'] },
  { name: 'lock', icon: Lock, words: ['lock', 'encrypt', 'password', 'private', 'login', 'access', 'auth'] },
  { name: 'dollar-sign', icon: DollarSign, words: ['price', 'pricing', 'cost', 'cheap', 'afford', 'dollar', 'revenue', 'profit', 'money', 'income', 'earn', 'fee', 'fees', 'usd'] },
  { name: 'wallet', icon: Wallet, words: ['wallet', 'budget', 'spend', 'expense', 'cash', 'finance', 'financ'] },
  { name: 'piggy-bank', icon: PiggyBank, words: ['save', 'saving', 'savings', 'piggy', 'invest', 'pension', 'retire'] },
  { name: 'credit-card', icon: CreditCard, words: ['card', 'payment', 'pay', 'checkout', 'billing', 'invoice', 'subscription'] },
  { name: 'trending-up', icon: TrendingUp, words: ['growth', 'grow', 'increase', 'trend', 'rising', 'rise', 'gain', 'improv', 'up'] },
  { name: 'chart-column', icon: ChartColumn, words: ['chart', 'analytic', 'data', 'report', 'statistic', 'stats', 'insight', 'dashboard', 'measure', 'kpi'] },
  { name: 'chart-pie', icon: ChartPie, words: ['share', 'market', 'portion', 'segment', 'percent', 'breakdown'] },
  { name: 'users', icon: Users, words: ['team', 'teams', 'people', 'community', 'users', 'customers', 'members', 'staff', 'crowd', 'collaborat', 'social', 'family'] },
  { name: 'user', icon: User, words: ['user', 'profile', 'account', 'personal', 'person', 'customer', 'individual'] },
  { name: 'handshake', icon: Handshake, words: ['partner', 'deal', 'agreement', 'handshake', 'contract', 'cooperat', 'relationship'] },
  { name: 'clock', icon: Clock, words: ['time', 'clock', 'hour', 'hours', 'minute', '24/7', 'schedule', 'deadline', 'punctual', 'late'] },
  { name: 'calendar', icon: Calendar, words: ['calendar', 'date', 'event', 'booking', 'book', 'appointment', 'plan', 'weekly', 'daily', 'monthly', 'year'] },
  { name: 'hourglass', icon: Hourglass, words: ['wait', 'patience', 'duration', 'hourglass', 'countdown'] },
  { name: 'globe', icon: Globe, words: ['global', 'globe', 'world', 'international', 'worldwide', 'country', 'countries', 'language', 'web', 'online', 'internet'] },
  { name: 'map-pin', icon: MapPin, words: ['location', 'local', 'map', 'place', 'address', 'city', 'near', 'visit'] },
  { name: 'message-circle', icon: MessageCircle, words: ['chat', 'message', 'talk', 'conversation', 'support', 'feedback', 'comment', 'review', 'discuss', 'ask', 'help'] },
  { name: 'mail', icon: Mail, words: ['mail', 'email', 'e-mail', 'newsletter', 'inbox', 'letter', 'contact'] },
  { name: 'phone', icon: Phone, words: ['phone', 'call', 'mobile', 'smartphone', 'app', 'hotline'] },
  { name: 'megaphone', icon: Megaphone, words: ['marketing', 'announce', 'campaign', 'promot', 'advertis', 'brand', 'megaphone', 'news'] },
  { name: 'circle-check', icon: CircleCheck, words: ['done', 'complete', 'approved', 'easy', 'simple', 'reliable', 'quality', 'guarantee', 'yes', 'success'] },
  { name: 'check', icon: Check, words: ['check', 'tick', 'verify', 'correct', 'valid'] },
  { name: 'star', icon: Star, words: ['star', 'rating', 'rated', 'favorite', 'favourite', 'premium', 'best', 'top', 'excellen', 'feature'] },
  { name: 'heart', icon: Heart, words: ['love', 'heart', 'care', 'health', 'wellness', 'wellbeing', 'passion', 'kind', 'charity', 'like'] },
  { name: 'award', icon: Award, words: ['award', 'certif', 'badge', 'prize', 'honor', 'honour', 'recogni', 'expert'] },
  { name: 'trophy', icon: Trophy, words: ['trophy', 'win', 'winner', 'champion', 'achiev', 'victory', 'leader', 'first'] },
  { name: 'target', icon: Target, words: ['goal', 'target', 'aim', 'focus', 'mission', 'objective', 'precis', 'accura'] },
  { name: 'lightbulb', icon: Lightbulb, words: ['idea', 'innovat', 'creative', 'creativ', 'insight', 'tip', 'tips', 'smart', 'learn', 'bright'] },
  { name: 'sparkles', icon: Sparkles, words: ['magic', 'sparkle', 'new', 'fresh', 'clean', 'shine', 'automat', 'generat', 'delight', 'wow'] },
  { name: 'leaf', icon: Leaf, words: ['eco', 'green', 'carbon', 'climate', 'emission', 'nature', 'natural', 'organic', 'leaf', 'sustainab', 'environment', 'vegan', 'plant'] },
  { name: 'sprout', icon: Sprout, words: ['sprout', 'seed', 'garden', 'farm', 'agricultur', 'begin', 'start', 'nurture'] },
  { name: 'recycle', icon: Recycle, words: ['recycl', 'reuse', 'circular', 'waste', 'renew'] },
  { name: 'sun', icon: Sun, words: ['sun', 'solar', 'summer', 'sunny', 'day', 'light', 'warm', 'weather'] },
  { name: 'cloud', icon: Cloud, words: ['cloud', 'saas', 'hosting', 'server', 'sync', 'backup', 'storage', 'upload'] },
  { name: 'droplet', icon: Droplet, words: ['water', 'drop', 'liquid', 'rain', 'hydrat', 'ocean', 'wash'] },
  { name: 'code', icon: Code, words: ['code', 'coding', 'developer', 'develop', 'software', 'program', 'api', 'engineer', 'open-source', 'git'] },
  { name: 'cpu', icon: Cpu, words: ['cpu', 'chip', 'hardware', 'processor', 'compute', 'computing', 'tech', 'technology', 'device'] },
  { name: 'database', icon: Database, words: ['database', 'records', 'sql', 'warehouse', 'archive'] },
  { name: 'wifi', icon: Wifi, words: ['wifi', 'wireless', 'connect', 'network', 'signal', 'iot', '5g'] },
  { name: 'settings', icon: Settings, words: ['setting', 'config', 'custom', 'option', 'control', 'manage', 'setup', 'integrat', 'workflow', 'process'] },
  { name: 'wrench', icon: Wrench, words: ['repair', 'fix', 'tool', 'tools', 'maintenance', 'maintain', 'service', 'install', 'build'] },
  { name: 'battery-charging', icon: BatteryCharging, words: ['battery', 'charge', 'charging', 'recharge'] },
  { name: 'house', icon: House, words: ['home', 'house', 'housing', 'rent', 'real', 'estate', 'apartment', 'property', 'live', 'living'] },
  { name: 'car', icon: Car, words: ['car', 'drive', 'driving', 'vehicle', 'ride', 'parking', 'road', 'traffic', 'commute'] },
  { name: 'plane', icon: Plane, words: ['travel', 'flight', 'fly', 'plane', 'airport', 'trip', 'vacation', 'holiday', 'abroad', 'tourism'] },
  { name: 'package', icon: Package, words: ['package', 'parcel', 'box', 'product', 'order', 'inventory', 'stock', 'unbox'] },
  { name: 'shopping-cart', icon: ShoppingCart, words: ['shop', 'shopping', 'store', 'cart', 'buy', 'purchase', 'retail', 'ecommerce', 'e-commerce', 'sale', 'sales', 'groceries'] },
  { name: 'gift', icon: Gift, words: ['gift', 'free', 'bonus', 'reward', 'present', 'offer', 'discount', 'coupon', 'perk'] },
  { name: 'book-open', icon: BookOpen, words: ['book', 'read', 'reading', 'library', 'story', 'guide', 'documentation', 'docs', 'knowledge', 'course'] },
  { name: 'graduation-cap', icon: GraduationCap, words: ['education', 'school', 'student', 'study', 'university', 'graduat', 'training', 'teach', 'class', 'academ'] },
  { name: 'camera', icon: Camera, words: ['camera', 'photo', 'picture', 'image', 'video', 'film', 'record', 'capture'] },
  { name: 'music', icon: Music, words: ['music', 'song', 'audio', 'sound', 'podcast', 'listen', 'playlist', 'concert'] },
  { name: 'coffee', icon: Coffee, words: ['coffee', 'cafe', 'tea', 'break', 'relax', 'morning', 'drink'] },
  { name: 'utensils', icon: Utensils, words: ['food', 'eat', 'meal', 'restaurant', 'dining', 'cook', 'recipe', 'kitchen', 'lunch', 'dinner'] },
  { name: 'stethoscope', icon: Stethoscope, words: ['doctor', 'medical', 'medicine', 'clinic', 'hospital', 'patient', 'nurse', 'treatment', 'diagnos'] },
  { name: 'dumbbell', icon: Dumbbell, words: ['fitness', 'gym', 'workout', 'exercise', 'sport', 'strength', 'train', 'muscle'] },
  { name: 'palette', icon: Palette, words: ['design', 'art', 'color', 'colour', 'paint', 'style', 'brand', 'creative'] },
  { name: 'search', icon: Search, words: ['search', 'find', 'discover', 'explore', 'research', 'seo', 'lookup'] },
  { name: 'bell', icon: Bell, words: ['notif', 'alert', 'remind', 'bell', 'update'] },
  { name: 'briefcase', icon: Briefcase, words: ['business', 'work', 'job', 'career', 'office', 'professional', 'enterprise', 'company', 'corporate', 'hire', 'hiring'] },
  { name: 'smile', icon: Smile, words: ['happy', 'smile', 'fun', 'joy', 'satisf', 'friendly', 'enjoy', 'comfort'] },
  { name: 'flag', icon: Flag, words: ['flag', 'milestone', 'finish', 'report', 'national'] },
  { name: 'compass', icon: Compass, words: ['direction', 'navigat', 'compass', 'strategy', 'adventure', 'orient'] },
  { name: 'layers', icon: Layers, words: ['layer', 'stack', 'platform', 'modular', 'all-in-one', 'suite'] },
  { name: 'puzzle', icon: Puzzle, words: ['puzzle', 'plugin', 'extension', 'fit', 'solution', 'solve', 'problem', 'piece'] },
  { name: 'circle-dot', icon: CircleDot, words: [] },
];

/** The icon shown when no word of a text suggests one. */
export const FALLBACK_ICON = 'circle-dot';

/** Every icon name an IconGrid item may use. */
export const ICON_NAMES: string[] = ICONS.map((entry) => entry.name);

function normalise(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/** The icon component of a name (kebab-case or PascalCase), if the kit has it. */
export function iconComponent(name: string): LucideIcon | undefined {
  const key = normalise(name);
  const aliases: Record<string, string> = { home: 'house', 'shopping-bag': 'shopping-cart', speed: 'zap', security: 'shield-check', money: 'dollar-sign', growth: 'trending-up', people: 'users', time: 'clock', chat: 'message-circle', chart: 'chart-column', 'bar-chart': 'chart-column', 'pie-chart': 'chart-pie', 'check-circle': 'circle-check', battery: 'battery-charging', 'light-bulb': 'lightbulb', delivery: 'truck' };
  const resolved = aliases[key] ?? key;
  return ICONS.find((entry) => entry.name === resolved)?.icon;
}

// Words that begin with a short key but are other words: a plant is no plan (a calendar), a start
// no star, an ideal no idea. A key matches the start of a longer word (booking, shipping) but these.
const FALSE_PREFIXES = ['plant', 'planet', 'start', 'ready', 'ideal', 'ticket', 'triple', 'realiz', 'realis', 'career', 'freez', 'laten', 'cartoon', 'cookie', 'costume', 'liver', 'kindle', 'washington'];

/** Whether a word is a key or begins with it: keys of three letters or fewer match whole words only. */
function matchesKey(word: string, key: string): boolean {
  if (key.length <= 3 || word === key) return word === key;
  return word.startsWith(key) && !FALSE_PREFIXES.some((prefix) => word.startsWith(prefix) && !key.startsWith(prefix));
}

/**
 * The icon name a text suggests from its words ("fast delivery" → truck, "secure payments" →
 * shield-check, "24/7 support" → clock), or a neutral icon when nothing matches. The icon with the
 * most matching words wins; ties go to the earlier icon in the list.
 */
export function iconFor(text: string): string {
  const words = String(text ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}/+-]+/u)
    // "AI-powered" counts as itself and as "ai" and "powered".
    .flatMap((word) => (word.includes('-') ? [word, ...word.split('-')] : [word]))
    .filter(Boolean);
  let best = FALLBACK_ICON;
  let bestScore = 0;
  for (const entry of ICONS) {
    let score = 0;
    for (const word of words) {
      if (entry.words.some((key) => matchesKey(word, key))) score += 1;
    }
    if (score > bestScore) {
      best = entry.name;
      bestScore = score;
    }
  }
  return best;
}
