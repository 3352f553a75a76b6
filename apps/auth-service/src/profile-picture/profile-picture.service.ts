import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError, ErrorCode, PROFILE_PICTURE_PATH, ProfilePictureFile, UserView } from '@qrd/contracts';
import { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { normalisePicture } from './picture-image';

/**
 * The profile picture: checked and re-encoded here, stored beside the user (deleted with it by
 * cascade), and addressed as `/api/profile/picture?v=<etag>`, so a new picture is a new address
 * and the browser may keep each one.
 */
@Injectable()
export class ProfilePictureService {
  constructor(
    private readonly db: DataSource,
    private readonly users: UsersService,
  ) {}

  async set(userId: string, imageBase64: string | null): Promise<UserView> {
    await this.users.get(userId);
    if (imageBase64 === null) {
      await this.db.transaction(async (tx) => {
        await tx.query(`DELETE FROM auth.profile_pictures WHERE user_id = $1`, [userId]);
        await tx.update(UserEntity, { id: userId }, { profileImageUrl: null });
      });
      return this.users.get(userId);
    }
    const picture = await normalisePicture(Buffer.from(imageBase64, 'base64'));
    const url = `${PROFILE_PICTURE_PATH}?v=${encodeURIComponent(picture.etag.replace(/"/g, ''))}`;
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO auth.profile_pictures (user_id, image, content_type, etag) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET image = EXCLUDED.image, content_type = EXCLUDED.content_type, etag = EXCLUDED.etag, updated_at = now()`,
        [userId, picture.image, picture.contentType, picture.etag],
      );
      await tx.update(UserEntity, { id: userId }, { profileImageUrl: url });
    });
    return this.users.get(userId);
  }

  /** The picture, or only its ETag when the caller's If-None-Match already names it. */
  async get(userId: string, ifNoneMatch?: string): Promise<ProfilePictureFile> {
    const rows: { image: Buffer; contentType: string; etag: string }[] = await this.db.query(
      `SELECT image, content_type AS "contentType", etag FROM auth.profile_pictures WHERE user_id = $1`,
      [userId],
    );
    const row = rows[0];
    if (!row) throw new DomainError(ErrorCode.NotFound, 'No profile picture');
    const known = (ifNoneMatch ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    return { etag: row.etag, contentType: row.contentType, base64: known.includes(row.etag) ? null : row.image.toString('base64') };
  }
}
