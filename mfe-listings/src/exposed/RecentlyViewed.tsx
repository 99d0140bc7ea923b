/** 'listings/RecentlyViewed': the row of listings this visitor opened recently (nothing for a first visit). */
export { default } from '../recent/RecentlyViewed';
