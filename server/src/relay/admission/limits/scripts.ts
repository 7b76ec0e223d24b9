/**
 * Admission in one script (atomic on Redis: no read-then-write between nodes). KEYS come four per
 * scope (requests zset, token-reservation zset, token-reservation hash with the running sum in
 * field `~sum`, concurrency zset scored by lease end). ARGV: now ms, window ms, reservation id,
 * tokens to reserve, lease ms, then rpm, tpm, concurrency per scope (0 = none).
 * Every scope is checked before any is written, so a refused request leaves no trace.
 * Answer: {0, kind(1 rpm, 2 tpm, 3 concurrency), scope index, retry ms, used} or
 * {1, then per scope: requests in window, ms until the oldest leaves, tokens in window, ms until the oldest leaves}.
 */
export const ADMIT = `
local now = tonumber(ARGV[1])
local win = tonumber(ARGV[2])
local rid = ARGV[3]
local need = tonumber(ARGV[4])
local lease = tonumber(ARGV[5])
local n = #KEYS / 4
for i = 0, n - 1 do
  local rk, tk, hk, ck = KEYS[i*4+1], KEYS[i*4+2], KEYS[i*4+3], KEYS[i*4+4]
  local rpm, tpm, conc = tonumber(ARGV[6+i*3]), tonumber(ARGV[7+i*3]), tonumber(ARGV[8+i*3])
  if rpm > 0 then
    redis.call('ZREMRANGEBYSCORE', rk, 0, now - win)
    local c = redis.call('ZCARD', rk)
    if c >= rpm then
      local o = redis.call('ZRANGE', rk, 0, 0, 'WITHSCORES')
      return {0, 1, i, tonumber(o[2]) + win - now, c}
    end
  end
  if tpm > 0 then
    local old = redis.call('ZRANGEBYSCORE', tk, 0, now - win)
    local sum = tonumber(redis.call('HGET', hk, '~sum') or '0')
    for _, m in ipairs(old) do
      sum = sum - tonumber(redis.call('HGET', hk, m) or '0')
      redis.call('HDEL', hk, m)
    end
    if #old > 0 then
      redis.call('ZREMRANGEBYSCORE', tk, 0, now - win)
      redis.call('HSET', hk, '~sum', sum)
    end
    if sum + need > tpm then
      local retry = win
      if need <= tpm then
        local all = redis.call('ZRANGE', tk, 0, -1, 'WITHSCORES')
        local left = sum
        for j = 1, #all, 2 do
          left = left - tonumber(redis.call('HGET', hk, all[j]) or '0')
          if left + need <= tpm then
            retry = tonumber(all[j+1]) + win - now
            break
          end
        end
      end
      return {0, 2, i, retry, sum}
    end
  end
  if conc > 0 then
    redis.call('ZREMRANGEBYSCORE', ck, 0, now)
    local c = redis.call('ZCARD', ck)
    if c >= conc then return {0, 3, i, 1000, c} end
  end
end
local out = {1}
for i = 0, n - 1 do
  local rk, tk, hk, ck = KEYS[i*4+1], KEYS[i*4+2], KEYS[i*4+3], KEYS[i*4+4]
  local rpm, tpm, conc = tonumber(ARGV[6+i*3]), tonumber(ARGV[7+i*3]), tonumber(ARGV[8+i*3])
  if rpm > 0 then
    redis.call('ZADD', rk, now, rid)
    redis.call('PEXPIRE', rk, win)
    local o = redis.call('ZRANGE', rk, 0, 0, 'WITHSCORES')
    out[#out+1] = redis.call('ZCARD', rk)
    out[#out+1] = tonumber(o[2]) + win - now
  else
    out[#out+1] = 0
    out[#out+1] = 0
  end
  if tpm > 0 then
    redis.call('ZADD', tk, now, rid)
    redis.call('HSET', hk, rid, need)
    local sum = redis.call('HINCRBY', hk, '~sum', need)
    redis.call('PEXPIRE', tk, win)
    redis.call('PEXPIRE', hk, win)
    local o = redis.call('ZRANGE', tk, 0, 0, 'WITHSCORES')
    out[#out+1] = sum
    out[#out+1] = tonumber(o[2]) + win - now
  else
    out[#out+1] = 0
    out[#out+1] = 0
  end
  if conc > 0 then
    redis.call('ZADD', ck, now + lease, rid)
    redis.call('PEXPIRE', ck, lease)
  end
end
return out
`;

/**
 * Settles a reservation to the real usage (ARGV[2] tokens; only while it is still in the window)
 * and, when ARGV[3] is '1', frees the concurrency slot. KEYS three per scope: token zset, token
 * hash, concurrency zset. Each reservation id is settled once by the caller; the script is also
 * harmless when run twice (the hash entry already holds the real figure, ZREM finds nothing).
 */
export const FINISH = `
local rid = ARGV[1]
local actual = tonumber(ARGV[2])
local slot = ARGV[3] == '1'
for i = 0, #KEYS / 3 - 1 do
  local tk, hk, ck = KEYS[i*3+1], KEYS[i*3+2], KEYS[i*3+3]
  if actual >= 0 then
    local old = redis.call('HGET', hk, rid)
    if old then
      redis.call('HSET', hk, rid, actual)
      redis.call('HINCRBY', hk, '~sum', actual - tonumber(old))
    end
  end
  if slot then redis.call('ZREM', ck, rid) end
end
return 1
`;
