// mfe-content: the 'content' remote. Builds alone (npm run build -w mfe-content); the shell finds it through /config.json.
const { createAppConfig } = require('@gta/shared/webpack');

module.exports = createAppConfig({
  name: 'content',
  dir: __dirname,
  port: 3002,
  title: 'Content remote (stand-alone harness)',
  exposes: {
    "./HomeHero": "./src/exposed/HomeHero",
    "./HomeSections": "./src/exposed/HomeSections",
    "./CallToAction": "./src/exposed/CallToAction",
    "./AboutPage": "./src/exposed/AboutPage",
    "./ContactPage": "./src/exposed/ContactPage",
    "./BuyingResourcesPage": "./src/exposed/BuyingResourcesPage",
    "./BuyersGuidePage": "./src/exposed/BuyersGuidePage",
    "./SellingResourcesPage": "./src/exposed/SellingResourcesPage",
    "./SellersGuidePage": "./src/exposed/SellersGuidePage",
    "./PreferredPartnersPage": "./src/exposed/PreferredPartnersPage",
    "./MovingGuidePage": "./src/exposed/MovingGuidePage",
    "./PreConstructionPage": "./src/exposed/PreConstructionPage",
    "./CustomHomesPage": "./src/exposed/CustomHomesPage",
    "./OurOfficesPage": "./src/exposed/OurOfficesPage",
    "./PrivacyPolicyPage": "./src/exposed/PrivacyPolicyPage",
    "./NeighbourhoodGuidePage": "./src/exposed/NeighbourhoodGuidePage",
    "./InteractiveMapsPage": "./src/exposed/InteractiveMapsPage",
    "./BlogListPage": "./src/exposed/BlogListPage",
    "./BlogPostPage": "./src/exposed/BlogPostPage",
    "./MortgageCalculatorPage": "./src/exposed/MortgageCalculatorPage",
    "./MortgageCalculators": "./src/exposed/MortgageCalculators"
  },
});
