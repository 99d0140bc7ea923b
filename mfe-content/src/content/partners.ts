/**
 * Preferred partners (spec section 3: title, company, name, mobile, office, email, website, image; any may be
 * null). Every company, person, number and address here is a placeholder for the team to replace.
 */
import { PARTNER_LOGOS } from './partnerLogos';

export interface Partner {
  /** Starts with an emoji: the card shows it when there is no logo or the logo fails to load. */
  title: string;
  company: string | null;
  name: string | null;
  mobile: string | null;
  office: string | null;
  email: string | null;
  website: string | null;
  image: string | null;
}

const p = (
  title: string,
  company: string,
  name: string | null,
  mobile: string | null,
  office: string | null,
  email: string | null,
  website: string | null,
): Partner => ({
  title,
  company,
  name,
  mobile,
  office,
  email,
  website,
  image: PARTNER_LOGOS[company] ?? null,
});

export const PARTNERS: readonly Partner[] = [
  p(
    '🏗️ Custom Home Builder',
    'Northgate Custom Homes',
    'Builder relations',
    '(416) 555-0201',
    '(905) 555-0301',
    'build@example.com',
    'https://builder.example.com',
  ),
  p('🏗️ Luxury Renovations', 'Ashbury Renovation Co.', 'Project desk', '(416) 555-0202', null, 'renovate@example.com', 'https://renovations.example.com'),
  p(
    '🛋️ Interior Design',
    'Linen & Stone Interiors',
    'Design studio',
    '(647) 555-0203',
    '(905) 555-0303',
    'studio@example.com',
    'https://interiors.example.com',
  ),
  p('🖼️ Home Staging', 'Gallery Staging', 'Staging team', '(647) 555-0204', null, 'stage@example.com', 'https://staging.example.com'),
  p(
    '🏦 Mortgage Broker',
    'Harbourview Mortgage Group',
    'Mortgage advisor',
    '(416) 555-0205',
    '(905) 555-0305',
    'mortgages@example.com',
    'https://mortgage.example.com',
  ),
  p('🏦 Private Lending', 'Crescent Private Capital', 'Lending desk', '(416) 555-0206', null, 'lending@example.com', 'https://lending.example.com'),
  p(
    '⚖️ Real Estate Lawyer',
    'Whitmore Real Estate Law',
    'Closing clerk',
    '(905) 555-0207',
    '(905) 555-0307',
    'closings@example.com',
    'https://law.example.com',
  ),
  p(
    '⚖️ Real Estate Lawyer',
    'Kingsway Legal Professional Corp.',
    'Residential group',
    '(416) 555-0208',
    null,
    'residential@example.com',
    'https://legal.example.com',
  ),
  p('🧾 Accountant', 'Ledger & Vale CPA', 'Tax advisory', '(905) 555-0209', '(905) 555-0309', 'tax@example.com', 'https://cpa.example.com'),
  p('🔍 Home Inspector', 'ClearSight Inspections', 'Booking office', '(647) 555-0210', null, 'inspect@example.com', 'https://inspections.example.com'),
  p('📐 Appraiser', 'Lakeshore Appraisal Services', 'Appraisal desk', '(905) 555-0211', null, 'appraise@example.com', 'https://appraisal.example.com'),
  p('🛡️ Home Insurance', 'Cedar Shield Insurance', 'Client service', '(416) 555-0212', '(416) 555-0312', 'insure@example.com', 'https://insurance.example.com'),
  p('🔧 Plumbing', 'True Level Plumbing', 'Service desk', '(905) 555-0213', null, 'plumbing@example.com', 'https://plumbing.example.com'),
  p('⚡ Electrical', 'Brightline Electric', 'Dispatch', '(905) 555-0214', null, 'electric@example.com', 'https://electric.example.com'),
  p('🏠 Roofing', 'Summit Roofing & Exteriors', 'Estimates', '(905) 555-0215', '(905) 555-0315', 'roofing@example.com', 'https://roofing.example.com'),
  p('❄️ Heating & Cooling', 'Four Seasons Climate', 'Service desk', '(416) 555-0216', null, 'hvac@example.com', 'https://hvac.example.com'),
  p('🪟 Windows & Doors', 'Clearview Windows', 'Showroom', '(905) 555-0217', '(905) 555-0317', 'windows@example.com', 'https://windows.example.com'),
  p('🎨 Painting', 'Fine Line Painters', 'Estimates', '(647) 555-0218', null, 'paint@example.com', 'https://painting.example.com'),
  p('🪵 Flooring', 'Oak & Grain Flooring', 'Showroom', '(905) 555-0219', null, 'floors@example.com', 'https://flooring.example.com'),
  p('🍳 Kitchens & Millwork', 'Atelier Millwork', 'Design desk', '(416) 555-0220', '(416) 555-0320', 'kitchens@example.com', 'https://millwork.example.com'),
  p('🌿 Landscaping', 'Greenway Landscape Design', 'Design office', '(905) 555-0221', null, 'gardens@example.com', 'https://landscape.example.com'),
  p('🏊 Pools', 'Bluewater Pools', 'Sales', '(905) 555-0222', null, 'pools@example.com', 'https://pools.example.com'),
  p('🧹 Cleaning', 'Pristine Home Care', 'Bookings', '(647) 555-0223', null, 'clean@example.com', 'https://cleaning.example.com'),
  p('🚚 Movers', 'Steady Hands Moving', 'Move coordinator', '(416) 555-0224', '(416) 555-0324', 'move@example.com', 'https://movers.example.com'),
  p('📦 Storage', 'Keepsafe Storage', 'Front desk', '(905) 555-0225', null, 'storage@example.com', 'https://storage.example.com'),
  p('📸 Photography & Film', 'Aperture Property Media', 'Studio', '(647) 555-0226', null, 'media@example.com', 'https://media.example.com'),
  p('🔐 Security & Smart Home', 'Sentinel Smart Homes', 'Consultations', '(416) 555-0227', null, 'smart@example.com', 'https://smarthome.example.com'),
  p('🐜 Pest Control', 'Guardian Pest Solutions', 'Service desk', '(905) 555-0228', null, 'pest@example.com', null),
  p('🧱 Masonry', 'Keystone Masonry', null, '(905) 555-0229', null, null, 'https://masonry.example.com'),
];

/** The leading emoji of a partner title, for the card when there is no logo. */
export function titleEmoji(title: string): string {
  const first = [...title.trim()][0] ?? '';
  const match = title.trim().match(/^\p{Extended_Pictographic}(\uFE0F)?/u);
  return match ? match[0] : first;
}

/** The title without its leading emoji. */
export function titleText(title: string): string {
  return title.replace(/^\p{Extended_Pictographic}\uFE0F?\s*/u, '');
}
