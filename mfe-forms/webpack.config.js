// mfe-forms: the 'forms' remote. Builds alone (npm run build -w mfe-forms); the shell finds it through /config.json.
const { createAppConfig } = require('@gta/shared/webpack');

module.exports = createAppConfig({
  name: 'forms',
  dir: __dirname,
  port: 3003,
  title: 'Forms remote (stand-alone harness)',
  exposes: {
    "./ContactForm": "./src/exposed/ContactForm",
    "./LeadForm": "./src/exposed/LeadForm",
    "./LeadModal": "./src/exposed/LeadModal",
    "./PropertyInquiryForm": "./src/exposed/PropertyInquiryForm",
    "./ListWithUsPage": "./src/exposed/ListWithUsPage",
    "./NewDevelopmentPage": "./src/exposed/NewDevelopmentPage",
    "./HomeEvaluationPage": "./src/exposed/HomeEvaluationPage"
  },
});
