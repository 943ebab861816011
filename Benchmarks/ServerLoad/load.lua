-- wrk script: each connection is one client (its own account and players). MODE "read" shows one
-- of the client's players; "write" changes one field of one of them (PATCH) or, one time in
-- four, adds a player (POST). Any answer other than 200/201 counts as an error.
-- The clients table comes from prepare.py (CLIENTS_FILE).
dofile(os.getenv("CLIENTS_FILE"))
local mode = os.getenv("MODE") or "read"
local offset = tonumber(os.getenv("CLIENT_OFFSET") or "0")
local counter = 0
local threads = {}

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

function init(args)
  errors = 0
  sent = 0
  math.randomseed(id * 7919 + offset)
end

function request()
  sent = sent + 1
  -- Connections of a thread take turns; each request picks a client of this thread's share.
  local client = clients[((id + sent * 17 + offset) % #clients) + 1]
  local headers = {["Authorization"] = "Bearer " .. client.token, ["Content-Type"] = "application/json"}
  local player = client.players[math.random(#client.players)]
  if mode == "read" then
    return wrk.format("GET", "/v1/players/" .. player, headers)
  elseif math.random(4) == 1 then
    return wrk.format("POST", "/v1/players", headers, '{"name":"Load ' .. sent .. '","age":30}')
  else
    return wrk.format("PATCH", "/v1/players/" .. player, headers, '{"age":' .. math.random(5, 99) .. '}')
  end
end

function response(status, headers, body)
  if status ~= 200 and status ~= 201 then errors = errors + 1 end
end

function done(summary, latency, requests)
  local bad = 0
  for _, thread in ipairs(threads) do bad = bad + thread:get("errors") end
  io.write(string.format(
    "RESULT mode=%s requests=%d rps=%.0f non2xx=%d socket_errors=%d p50_ms=%.2f p99_ms=%.2f max_ms=%.2f\n",
    mode, summary.requests, summary.requests / (summary.duration / 1e6), bad,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
