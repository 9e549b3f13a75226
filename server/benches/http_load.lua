-- wrk script of http_load.sh. WRK_RPC=1: POST the JSON-RPC GetExtendedAgentCard call;
-- WRK_RPC=METHOD: POST a call of METHOD.
-- WRK_TOKENS=FILE: each request carries the next token of FILE (one per line) as a bearer
-- token, cycling; with WRK_THREADS threads, each starts at its own part of the list.
-- WRK_CURSOR=FILE: where the last run stopped in the list, read at the start and written at
-- the end, so consecutive runs continue the cycle rather than start it again (a token sent
-- again within the verifier's cache size would be a cache hit, not a full check).
local tokens = {}
local file = os.getenv("WRK_TOKENS")
if file then
    for line in io.lines(file) do
        tokens[#tokens + 1] = line
    end
end

local cursor_file = os.getenv("WRK_CURSOR")
local start = 0
if cursor_file then
    local f = io.open(cursor_file)
    if f then
        start = tonumber(f:read("*l")) or 0
        f:close()
    end
end

-- WRK_RPC=1 calls GetExtendedAgentCard; any other value is the method called.
local method = os.getenv("WRK_RPC")
if method and method ~= "" then
    if method == "1" then
        method = "GetExtendedAgentCard"
    end
    wrk.method = "POST"
    wrk.body = '{"jsonrpc":"2.0","id":1,"method":"' .. method .. '"}'
    wrk.headers["Content-Type"] = "application/json"
end

local threads = 0
function setup(thread)
    thread:set("offset", threads)
    threads = threads + 1
end

if #tokens > 0 then
    local i = nil
    request = function()
        if i == nil then
            local count = tonumber(os.getenv("WRK_THREADS") or "1")
            i = start + (offset or 0) * math.floor(#tokens / count)
        end
        i = i % #tokens + 1
        wrk.headers["Authorization"] = "Bearer " .. tokens[i]
        return wrk.format()
    end

    function done(summary, latency, requests)
        if cursor_file then
            local f = io.open(cursor_file, "w")
            f:write(tostring((start + summary.requests) % #tokens), "\n")
            f:close()
        end
    end
end
