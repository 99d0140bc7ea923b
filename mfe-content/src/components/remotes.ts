/** UI of other parts, loaded at run time by id (never imported): docs/architecture.md rule 1. */
import { remoteComponent, type ContactFormProps } from '@gta/shared';

export const ContactForm = remoteComponent<ContactFormProps>('forms/ContactForm', 'the contact form', 560);
