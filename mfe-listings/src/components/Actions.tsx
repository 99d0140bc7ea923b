/** The buttons of the listing pages' error and empty screens (spec section 2). */
import { Button, ButtonLink } from '@gta/shared';

export function TryAgainButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" onClick={onClick}>
      Try Again
    </Button>
  );
}

export function GoHomeLink({ label = 'Go Home' }: { label?: string }) {
  return (
    <ButtonLink to="/" variant="outline">
      {label}
    </ButtonLink>
  );
}

export function ContactUsLink() {
  return (
    <ButtonLink to="/contact" variant="outline">
      Contact Us
    </ButtonLink>
  );
}
