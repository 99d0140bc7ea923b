/** The seven posts of the blog (spec section 3: id, title, image, summary, date, author, category, slug, content). */
import firstHome from '../assets/blog-first-home.svg';
import staging from '../assets/blog-staging.svg';
import marketTrends from '../assets/blog-market-trends.svg';
import renovation from '../assets/blog-renovation.svg';
import mortgage from '../assets/blog-mortgage.svg';
import sellingSeason from '../assets/blog-selling-season.svg';
import investing from '../assets/blog-investing.svg';
import { siteProfile } from '@gta/shared';

export type BlogCategory = 'Buying' | 'Selling' | 'Market Trends' | 'Renovation' | 'Finance';

export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  image: string;
  imageAlt: string;
  summary: string;
  /** Month and year, as shown. */
  date: string;
  author: string;
  category: BlogCategory;
  /** One paragraph per line. */
  content: string;
}

const team = siteProfile.teamName;

export const BLOG_POSTS: readonly BlogPost[] = [
  {
    id: 1,
    slug: 'buying-your-first-home-in-the-gta',
    title: 'Buying Your First Home in the GTA: A Calm, Clear Plan',
    image: firstHome,
    imageAlt: 'Keys resting on a set of house plans',
    summary: 'From pre-approval to the day the keys change hands, the steps that matter and the ones you can safely skip.',
    date: 'January 2025',
    author: team,
    category: 'Buying',
    content: `The first purchase feels enormous because it is. The good news is that the path is well worn, and most of the worry comes from not knowing which step comes next.
Begin with the numbers, not the listings. A mortgage pre-approval tells you what a lender will offer, but the more useful figure is the monthly cost you would be comfortable carrying in a lean year. Build your search around that figure.
Remember the costs that sit beside the price: land transfer tax, legal fees, a home inspection, title insurance and moving. In Toronto, first-time buyers pay both the provincial and the municipal land transfer tax, with rebates on each.
Choose two or three neighbourhoods and get to know them at different hours. A street that is quiet at noon on a Tuesday may be a different place on a Friday evening.
When you find the right home, move decisively but never blindly. Review the status certificate for a condominium, book the inspection, and let your lawyer read the fine print before your conditions expire.
Closing day arrives faster than you expect. Arrange insurance, set up utilities, and keep a little money aside for the first weeks: there is always a lamp or a curtain rod you did not know you needed.`,
  },
  {
    id: 2,
    slug: 'staging-that-sells',
    title: 'Staging That Sells: Small Changes, Noticeable Offers',
    image: staging,
    imageAlt: 'A staged living room with a sofa and artwork',
    summary: 'Buyers decide in the first minute. How light, scale and restraint help a home make its case.',
    date: 'February 2025',
    author: team,
    category: 'Selling',
    content: `A buyer forms an impression in the first minute inside a home and spends the rest of the visit confirming it. Staging is about making that first minute count.
Light comes first. Open every blind, replace tired bulbs with a single warm colour temperature, and add a lamp to any corner that photographs dark.
Then edit. Remove a third of the furniture and most of the personal photographs. Rooms should read as generous and calm, with a clear purpose for each.
Scale matters more than style. A sofa that fills a room makes it feel smaller; a well-proportioned piece with space around it lets buyers imagine their own life there.
Finish with the details buyers touch: door hardware, a fresh coat on scuffed trim, a clean entry mat. These are small costs that signal a home has been cared for.`,
  },
  {
    id: 3,
    slug: 'reading-the-gta-market',
    title: 'Reading the GTA Market Without the Noise',
    image: marketTrends,
    imageAlt: 'A market chart rising over the skyline',
    summary: 'Headlines move faster than prices. The few indicators we watch, and what they say about timing.',
    date: 'March 2025',
    author: team,
    category: 'Market Trends',
    content: `Monthly headlines swing between boom and gloom, but the market underneath moves more slowly. We follow a handful of measures that tell the real story.
Months of inventory shows the balance between buyers and sellers. Below three months, sellers tend to hold the advantage; above five, buyers gain room to negotiate.
The share of homes selling over the asking price is a quick read on competition in a given price band. It varies widely between a starter condominium and a lakefront estate.
Days on market tells you how quickly well-priced homes are moving. When it lengthens, pricing discipline matters more than ever.
For most families the best time to move is when life calls for it. Good advice is about choosing the right home and the right terms in whatever market you find.`,
  },
  {
    id: 4,
    slug: 'renovations-that-pay-back',
    title: 'Renovations That Pay Back, and the Ones That Rarely Do',
    image: renovation,
    imageAlt: 'Renovation tools laid out on a timber workbench',
    summary: 'Kitchens, baths and the quiet upgrades buyers notice. Where to spend before you sell, and where to save.',
    date: 'April 2025',
    author: team,
    category: 'Renovation',
    content: `Not every dollar spent on a home comes back at sale. Some projects return more than their cost, others are better enjoyed than sold.
Fresh paint in a light, neutral palette remains the most reliable return. It photographs well and lets buyers picture their own furniture.
Kitchens and bathrooms sell homes, but a modest refresh often outperforms a full renovation: new hardware, lighting, a stone counter and re-grouted tile can change the room.
Heated floors in a bathroom or basement are a luxury buyers remember. Depending on the system and the room, expect roughly $8 to $20 per square foot installed.
Hold back on highly personal choices: bold tiles, custom built-ins for a particular hobby, or a pool in a market where buyers see it as upkeep.
Whatever you choose, keep permits and receipts. Documented work reassures buyers and their inspectors.`,
  },
  {
    id: 5,
    slug: 'understanding-your-mortgage-options',
    title: 'Understanding Your Mortgage Options',
    image: mortgage,
    imageAlt: 'A calculator and a house model for mortgage planning',
    summary: 'Fixed or variable, term or amortisation, insured or not: the vocabulary of a mortgage, made plain.',
    date: 'May 2025',
    author: team,
    category: 'Finance',
    content: `A mortgage is the largest financial commitment most of us will make, yet the vocabulary can make it feel opaque. A few terms explain most of it.
The amortisation is the total time to repay the loan, commonly 25 or 30 years. The term is the length of your current contract with the lender, often five years, after which you renew.
A fixed rate holds your payment steady for the term. A variable rate moves with the lender's prime rate, which can save money over time but asks you to tolerate change.
With less than 20% down, the mortgage must be insured. The minimum down payment starts at 5% on the first portion of the price, and the insurance premium is added to the loan.
Before you sign, compare prepayment privileges and penalties as carefully as the rate. Flexibility has real value when life changes.
Our mortgage calculator gives a quick sense of payments; a broker from our partner list can give you the full picture.`,
  },
  {
    id: 6,
    slug: 'when-to-list-your-home',
    title: 'When to List Your Home: Seasons, Signals and Strategy',
    image: sellingSeason,
    imageAlt: 'A sold sign in front of a home in autumn',
    summary: 'Spring gets the attention, but the right week depends on your home, your street and your next move.',
    date: 'June 2025',
    author: team,
    category: 'Selling',
    content: `Spring has a reputation as the season to sell, and for good reason: gardens are green, families plan summer moves, and buyer numbers rise.
Autumn can be just as strong. Buyers are focused, competition among listings is thinner, and homes with warm interiors show beautifully.
Winter listings are fewer, which means a well-presented home can stand out to the serious buyers who are still looking.
More important than the season is the preparation. Six to eight weeks of work before launch, on repairs, staging, photography and pricing, does more for the result than the calendar.
Finally, align the sale with your next step. Knowing where you are going lets you negotiate closing dates from strength rather than necessity.`,
  },
  {
    id: 7,
    slug: 'investing-in-pre-construction-condos',
    title: 'Investing in Pre-Construction Condos: A Disciplined Approach',
    image: investing,
    imageAlt: 'Condominium towers beside a stack of coins',
    summary: 'Deposits, developers and the questions that separate a sound project from a hopeful one.',
    date: 'July 2025',
    author: team,
    category: 'Market Trends',
    content: `Pre-construction can be a rewarding way to invest in the region, but it rewards discipline far more than enthusiasm.
Start with the developer. A record of completed projects, delivered on time and close to the promised finishes, is worth more than any rendering.
Understand the deposit schedule. A common structure asks for 5% at signing and further 5% payments at 30, 90 and 180 days; international buyers are often asked for a 35% minimum.
Read the agreement for capped closing costs, development charges and the occupancy period, when you may pay a monthly fee before the building registers.
Look at rents and vacancy near the site rather than across the city. Strong local demand supports both rent and resale.
In our experience only a small share of launches, roughly one in twenty, is truly investment-worthy. The work is in finding it.`,
  },
];

export function findPost(slug: string | undefined): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}
