// Placeholder: the mfe-chat issue builds the widget. Mounts nothing yet, so pages stay unaffected.
import type { CreateChat } from '@gta/shared';

const createChat: CreateChat = () => ({ unmount: () => undefined });
export default createChat;
