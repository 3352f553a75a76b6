import { getInitials, type User } from '../lib/user';
import { cn } from '../lib/utils';
import { Avatar, AvatarFallback, AvatarImage } from './ui/avatar';

/** The user's profile image, else their initials (spec section 2's rule). */
export function UserAvatar({ user, className, fallbackClassName }: { user: User; className?: string; fallbackClassName?: string }) {
  return (
    <Avatar className={className}>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback className={cn(fallbackClassName)}>{getInitials(user)}</AvatarFallback>
    </Avatar>
  );
}
