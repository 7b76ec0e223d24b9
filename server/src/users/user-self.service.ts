import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import type { Principal } from '../common/request-context';
import { ROLE_ROOT, UserEntity } from './user.entity';
import { toSelfView, type SelfView } from './user.mapper';
import type { SelfUpdateInput } from './dto/user.dto';
import { UserCredentialsService } from './user-credentials.service';
import { UsersError } from './users.errors';
import { UsersService } from './users.service';

/** What a user does to their own account: edit it, delete it. (Reading it is `UsersService.getSelf`.) */
@Injectable()
export class UserSelfService {
  constructor(
    private readonly db: DatabaseService,
    private readonly users: UsersService,
    private readonly credentials: UserCredentialsService,
  ) {}

  /** Display name and/or password. A wrong original password refuses before anything is written. */
  async updateSelf(actor: Principal, input: SelfUpdateInput): Promise<SelfView> {
    await this.users.mustFind(actor.id);
    if (input.password !== undefined) await this.credentials.changePassword(actor, input.password, input.original_password);
    if (input.display_name !== undefined) {
      const displayName = input.display_name;
      await this.db.write((em) => em.update(UserEntity, { id: actor.id }, { displayName }));
    }
    return toSelfView(await this.users.mustFind(actor.id));
  }

  /** Soft deletion of the caller's own account; root's account cannot go. */
  async deleteSelf(actor: Principal): Promise<void> {
    if (actor.role >= ROLE_ROOT) throw UsersError.of('user.root_cannot_delete', {}, 403);
    await this.users.softDelete(actor.id);
  }
}
