-- decision 0156: the message-id readers find a message's day in traffic_keys and probe the primary key of
-- that day's partition; this index cost every record insert and every report's update
DROP INDEX "traffic_sms_message_idx";