import { IsString, Matches, MaxLength } from 'class-validator';

export class PageVisitDto {
  @IsString()
  @MaxLength(100, { message: 'Path is too long' })
  @Matches(/^\/[A-Za-z0-9\-/:#]*$/, { message: 'Path must be a site path like /dashboard' })
  path!: string;
}
