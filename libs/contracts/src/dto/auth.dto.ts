import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsTimeZone,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { LANGUAGES, type Language } from '../languages';
import { UNKNOWN_TIME_ZONE } from './time-zone';
import { MatchesField } from './match.decorator';

/** Spec section 5; shared by the gateway's validation pipe and the web forms. */
export const BILLING_INTERVALS = ['monthly', 'annual'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** The answer to a language the product does not speak. */
export const UNKNOWN_LANGUAGE = `Language must be one of ${LANGUAGES.join(', ')}`;

export class LoginDto {
  // Bounded so a login attempt cannot make the server hash or store (rate-limit keys) megabytes.
  @IsString({ message: 'Username is required' })
  @IsNotEmpty({ message: 'Username is required' })
  @MaxLength(100, { message: 'Invalid username or password' })
  username!: string;

  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(200, { message: 'Invalid username or password' })
  password!: string;
}

/** The username and email rules every form that names an account shares (signup, payment, profile). */
export class AccountIdentityDto {
  @IsString({ message: 'Username must be at least 3 characters' })
  @MinLength(3, { message: 'Username must be at least 3 characters' })
  @MaxLength(50, { message: 'Username must be at most 50 characters' })
  @Matches(USERNAME_PATTERN, { message: 'Username may only contain letters, numbers, dots, dashes and underscores' })
  username!: string;

  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email!: string;
}

export class RegisterDto extends AccountIdentityDto {
  @IsString({ message: 'Password must be at least 8 characters' })
  @MinLength(8, { message: 'Password must be at least 8 characters' })
  @MaxLength(200, { message: 'Password must be at most 200 characters' })
  password!: string;

  @IsOptional()
  @IsIn(BILLING_INTERVALS, { message: 'Billing interval must be monthly or annual' })
  billingInterval?: BillingInterval;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  stripeCustomerId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  stripeSubscriptionId?: string;

  /**
   * Signing up from a workspace invitation (docs/workspaces.md): no payment, the invited address,
   * and the new account joins the workspace, which pays for its codes.
   */
  @IsOptional()
  @IsString({ message: 'This invitation link is not valid' })
  @MaxLength(200, { message: 'This invitation link is not valid' })
  invitationToken?: string;

  /** The language the account reads the product and its mail in (the web app sends the browser's). */
  @IsOptional()
  @IsIn(LANGUAGES, { message: UNKNOWN_LANGUAGE })
  language?: Language;
}

export class UpdateProfileDto extends AccountIdentityDto {
  /** Needed when the username or the email changes (not for names alone). */
  @IsOptional()
  @IsString({ message: 'Current password is required' })
  @MaxLength(200, { message: 'Current password is incorrect' })
  currentPassword?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  firstName?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  lastName?: string;

  /** Left out, the language stays as it was. */
  @IsOptional()
  @IsIn(LANGUAGES, { message: UNKNOWN_LANGUAGE })
  language?: Language;
}

export class ChangePasswordDto {
  @IsString({ message: 'Current password is required' })
  @IsNotEmpty({ message: 'Current password is required' })
  @MaxLength(200, { message: 'Current password is incorrect' })
  currentPassword!: string;

  @IsString({ message: 'Password must be at least 8 characters' })
  @MinLength(8, { message: 'Password must be at least 8 characters' })
  @MaxLength(200, { message: 'Password must be at most 200 characters' })
  newPassword!: string;

  @IsString({ message: 'Password must be at least 8 characters' })
  @MinLength(8, { message: 'Password must be at least 8 characters' })
  @MatchesField('newPassword', { message: "Passwords don't match" })
  confirmNewPassword!: string;
}

export class PasswordResetRequestDto {
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email!: string;
}

export class PasswordResetDto {
  @IsString({ message: 'Reset link invalid' })
  @IsNotEmpty({ message: 'Reset link invalid' })
  @MaxLength(200, { message: 'Reset link invalid' })
  token!: string;

  @IsString({ message: 'Password must be at least 8 characters' })
  @MinLength(8, { message: 'Password must be at least 8 characters' })
  @MaxLength(200, { message: 'Password must be at most 200 characters' })
  @Matches(/[A-Z]/, { message: 'Password must contain at least one uppercase letter' })
  @Matches(/[a-z]/, { message: 'Password must contain at least one lowercase letter' })
  @Matches(/[0-9]/, { message: 'Password must contain at least one number' })
  password!: string;

  @IsString({ message: "Passwords don't match" })
  @MatchesField('password', { message: "Passwords don't match" })
  confirmPassword!: string;
}

export class ContactDto {
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(100, { message: 'Name is too long' })
  name!: string;

  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email!: string;

  @IsString({ message: 'Message is required' })
  @MinLength(10, { message: 'Message must be at least 10 characters' })
  @MaxLength(5000, { message: 'Message must be at most 5000 characters' })
  message!: string;
}

/** The link mailed to a new address: /confirm-email/{token}. */
export class ConfirmEmailChangeDto {
  @IsString({ message: 'Confirmation link invalid' })
  @IsNotEmpty({ message: 'Confirmation link invalid' })
  @MaxLength(200, { message: 'Confirmation link invalid' })
  token!: string;
}

/** A six-digit code from an authenticator app, or a recovery code (xxxxx-xxxxx). */
const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app, or a recovery code';

export class SecondFactorCodeDto {
  @IsString({ message: CODE_MESSAGE })
  @IsNotEmpty({ message: CODE_MESSAGE })
  @MaxLength(40, { message: CODE_MESSAGE })
  code!: string;
}

/** Second step of a sign-in: the ticket the password step answered, and the code. */
export class TwoFactorLoginDto extends SecondFactorCodeDto {
  @IsString({ message: 'Your sign-in has expired. Please sign in again.' })
  @IsNotEmpty({ message: 'Your sign-in has expired. Please sign in again.' })
  @MaxLength(200, { message: 'Your sign-in has expired. Please sign in again.' })
  ticket!: string;
}

export class CurrentPasswordDto {
  @IsString({ message: 'Current password is required' })
  @IsNotEmpty({ message: 'Current password is required' })
  @MaxLength(200, { message: 'Current password is incorrect' })
  currentPassword!: string;
}

export class DisableTwoFactorDto extends SecondFactorCodeDto {
  @IsString({ message: 'Current password is required' })
  @IsNotEmpty({ message: 'Current password is required' })
  @MaxLength(200, { message: 'Current password is incorrect' })
  currentPassword!: string;
}

/** POST /api/login when the account has two-factor sign-in: no session yet, a ticket for the code step. */
export interface TwoFactorChallengeView {
  twoFactorRequired: true;
  ticket: string;
  message: string;
}

/** POST /api/two-factor/setup: what the authenticator app needs (shown once, during enrolment). */
export interface TwoFactorSetupView {
  secret: string;
  otpauthUrl: string;
}

/** POST /api/two-factor/enable: the recovery codes, shown once. */
export interface RecoveryCodesView {
  recoveryCodes: string[];
}

/** PUT /api/weekly-report: the weekly scans report by mail, on or off. */
export class WeeklyReportDto {
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled!: boolean;

  /** The zone its weeks run in (the browser's own); left out, the zone stays as it was. */
  @IsOptional()
  @IsTimeZone({ message: UNKNOWN_TIME_ZONE })
  timeZone?: string;
}

/** POST /api/weekly-report/unsubscribe: the token of the link in a report (no sign-in needed). */
export class WeeklyReportUnsubscribeDto {
  @IsString({ message: 'This unsubscribe link is not valid' })
  @IsNotEmpty({ message: 'This unsubscribe link is not valid' })
  @MaxLength(200, { message: 'This unsubscribe link is not valid' })
  token!: string;
}
