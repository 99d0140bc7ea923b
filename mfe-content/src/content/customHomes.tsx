/** Facts of the Custom Homes page: six exterior materials (precast first) and the five FAQ questions. */
import precast from '../assets/material-precast.svg';
import limestone from '../assets/material-limestone.svg';
import stucco from '../assets/material-stucco.svg';
import vinyl from '../assets/material-vinyl.svg';
import brick from '../assets/material-brick.svg';
import manmade from '../assets/material-manmade.svg';
import type { Material } from '../components/MaterialSwitcher';
import type { Faq } from '../components/FaqAccordion';

export const MATERIALS: readonly Material[] = [
  {
    id: 'precast',
    label: 'Precast',
    title: 'Precast concrete',
    image: precast,
    alt: 'Precast concrete panels with crisp joints',
    description:
      'Cast off site under controlled conditions, precast panels arrive ready to set, with sharp lines and consistent colour. They suit contemporary architecture, shorten time on site and stand up to Ontario winters with very little upkeep.',
  },
  {
    id: 'limestone',
    label: 'Limestone',
    title: 'Natural limestone',
    image: limestone,
    alt: 'Honed limestone blocks in a running bond',
    description:
      'The classic choice for a stately façade. Limestone weathers gracefully, carries fine detail around windows and entrances, and lends a home a permanence few materials can match. It is a premium investment that buyers recognise at once.',
  },
  {
    id: 'stucco',
    label: 'Stucco',
    title: 'Stucco',
    image: stucco,
    alt: 'Textured stucco finish in warm white',
    description:
      'A seamless, sculptural finish that works for modern and Mediterranean designs alike. Modern systems add insulation behind the render; careful detailing at joints and flashing keeps it looking crisp for decades.',
  },
  {
    id: 'vinyl',
    label: 'Vinyl',
    title: 'Vinyl siding',
    image: vinyl,
    alt: 'Horizontal vinyl siding in soft grey',
    description:
      'The most economical cladding, light to install and available in many profiles and colours. We usually reserve it for secondary elevations or pair it with stone or brick, where it keeps budgets focused on the rooms you live in.',
  },
  {
    id: 'brick',
    label: 'Brick',
    title: 'Clay brick',
    image: brick,
    alt: 'Clay brick laid in a running bond',
    description:
      'Durable, fire resistant and nearly maintenance free, brick is the backbone of the region’s best streets. Modern blends and bonds, from long linear units to hand-tumbled classics, let it read as traditional or contemporary.',
  },
  {
    id: 'manmade',
    label: 'Manmade stone',
    title: 'Manufactured stone',
    image: manmade,
    alt: 'Manufactured stone veneer in mixed tones',
    description:
      'Cast veneer gives the look of natural stone at a lighter weight and lower cost. It is ideal for feature walls, columns and chimneys, and installs without the heavy foundations natural stone requires.',
  },
];

export const FAQS: readonly Faq[] = [
  {
    question: 'How is a custom home different from a regular home?',
    answer: (
      <p>
        A production or resale home is designed for a broad market; a custom home is designed for you, on your lot, with your architect and builder. You choose
        the plan, the materials and every finish, and you are involved in decisions from the first sketch to the final walkthrough.
      </p>
    ),
  },
  {
    question: 'How do I select a builder?',
    answer: (
      <p>
        Look at completed homes, not only renderings, and speak with past clients. Ask how the builder handles budgets, change orders and warranties, who will
        run your site day to day, and how often you will receive updates. We introduce clients to builders whose work we have seen through from start to finish.
      </p>
    ),
  },
  {
    question: 'What is the process of building a custom home?',
    answer: (
      <ol>
        <li>Define your goals, budget and timeline</li>
        <li>Find and evaluate the lot</li>
        <li>Engage the architect and designer</li>
        <li>Select the builder and agree the contract</li>
        <li>Obtain permits and approvals</li>
        <li>Prepare the site and pour the foundation</li>
        <li>Frame, close in and rough in the mechanical systems</li>
        <li>Install interior finishes and landscaping</li>
        <li>Final inspections, walkthrough and handover</li>
      </ol>
    ),
  },
  {
    question: 'How long does it take to build a custom home?',
    answer: (
      <p>
        Most custom homes take 12 to 18 months from design to move-in, and in Toronto it is often longer, because permits, committee of adjustment hearings and
        tighter sites add time. Design decisions made early keep the schedule on track.
      </p>
    ),
  },
  {
    question: 'How much does a custom home cost?',
    answer: (
      <p>
        In the GTA, building a custom home typically costs from about $300,000 to $1 million or more, before the land, depending on size, design and finishes.
        Upgrades add up: heated floors alone run roughly $8 to $20 per square foot. We help you set a realistic budget, with a contingency, before design
        begins.
      </p>
    ),
  },
];
